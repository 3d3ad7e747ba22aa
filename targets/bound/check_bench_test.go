package bound

import (
	"slices"
	"testing"
)

// BenchmarkCheck times Check on the shapes of chainShapes that a guard
// meets most (in lists, globs, prefixes, eq, many arguments) and those
// that cost most for their size (many rules, folding, a middle member
// dropped), each its chain parsed once: the check, the meet of the hops
// and the evaluation.
func BenchmarkCheck(b *testing.B) {
	for _, s := range chainShapes() {
		if !slices.Contains([]string{
			"64 hops of one in list of 1000 distinct strings",
			"64 hops of in lists narrowing by 10",
			"64 hops of one glob",
			"64 hops of one prefix",
			"64 hops of eq",
			"16 hops of a rule of 2000 arguments",
			"64 hops of in lists of 1000 distinct strings, hierarchical",
			"two hops of 256 rules",
			"64 hops of in lists of 1000 non-ASCII strings, folded",
			"64 hops of in lists each without one member of the middle",
		}, s.name) {
			continue
		}
		p, call := s.parse(b)
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(s.chain) + len(s.call)))
			b.ReportAllocs()
			for b.Loop() {
				_ = Check(p, call, s.canon)
			}
		})
	}
}
