package gen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestGenerateChainProbeDrawsEveryKind: over seeded inputs, every operator,
// every structural corner and every probe label appears; chains without a
// corner parse, and every call's params are read by ParseCall or carry a
// planted flaw.
func TestGenerateChainProbeDrawsEveryKind(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ops, corners, labels := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for range 2000 {
		data := make([]byte, 64)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p := GenerateChainProbe(data)
		head, corner, _ := strings.Cut(p.Label, "+")
		for _, op := range strings.FieldsFunc(head, func(r rune) bool { return r == '|' || r == ',' }) {
			ops[op] = true
		}
		corners[corner] = true
		if _, err := bound.Parse(p.Provenance); corner == "" && err != nil {
			t.Fatalf("chain %s without a corner does not parse: %v\n%s", p.Label, err, p.Provenance)
		}
		for _, c := range p.Calls {
			labels[c.Label] = true
		}
	}
	for _, op := range []string{"eq", "in", "prefix", "glob", "and"} {
		if !ops[op] {
			t.Errorf("no hop with %s", op)
		}
	}
	for _, c := range chainCorners {
		if !corners[c.name] {
			t.Errorf("no chain with corner %s", c.name)
		}
	}
	for _, l := range []string{"respelled", "prefix-boundary", "slash-crossing", "dot-segment-escape", "encoded-dot-segment", "encoded-separator", "nfd", "type-confusion", "duplicate-argument", "case"} {
		if !labels[l] {
			t.Errorf("no call labelled %s", l)
		}
	}
}
