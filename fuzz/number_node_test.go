package fuzz_test

import (
	"math"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzNumberFromBitsMatchesNode holds jcs.AppendNumber to
// numberMatchesOracles with the Node oracles, and to Node's own String(x)
// through the ECMAScript oracle's number operation: the ground truth of
// RFC 8785 section 3.2.2.3. A target of its own for the cost of the
// process round trips.
func FuzzNumberFromBitsMatchesNode(f *testing.F) {
	for _, s := range numberSeeds {
		f.Add(s.bits)
	}
	oracles := nodeOracles(f)
	var ecma *node.Oracle
	for _, o := range oracles {
		if o.Name() == "node/ecmascript" {
			ecma = o
		}
	}
	if ecma == nil || len(numberSeeds) == 0 {
		f.Fatal("no ECMAScript oracle or no seeds")
	}
	refs := asCanonicalizers(oracles)
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		if err := numberMatchesOracles(jcs.AppendNumber, refs, bits); err != nil {
			t.Fatal(err)
		}
		s, err := ecma.FormatNumbers([]float64{x})
		if got := jcs.AppendNumber(nil, x); err != nil || string(got) != s[0] {
			t.Fatalf("double %016x: jcs.AppendNumber %q, Node String(x) %q, %v", bits, got, s, err)
		}
	})
}
