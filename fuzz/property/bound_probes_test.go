package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The remembered canonical forms of the meet properties give the answers
// of bound's own canonicalization, on the probes of 200 seed pairs in
// every reading and folding, also after the memo starts again; and the
// distinct probes are the probes, each once, in the order of first
// appearance.
func TestRememberedProbesAreTheReference(t *testing.T) {
	g := gen.NewSeeded(5, 6)
	for i := range 200 {
		a, b := g.Constraint(), g.Constraint()
		all := gen.Probes(a, b)
		ps := distinctProbes(all)
		if len(ps) == 0 || len(ps) > len(all) {
			t.Fatalf("%d distinct probes of %d", len(ps), len(all))
		}
		for k, p := range ps {
			for _, q := range ps[:k] {
				if q.key == p.key && q.isText == p.isText {
					t.Fatalf("probe %q twice among the distinct ones", p.key)
				}
			}
		}
		if i == 100 {
			probeMemo.Lock()
			probeMemo.forms = nil
			probeMemo.Unlock()
		}
		for _, m := range gen.Modes {
			for _, fold := range []bool{false, true} {
				ad := bound.NewAdmitter(a, m, fold)
				for _, p := range ps {
					if got, want := ad.AdmitsCanonical(p.canonical(m, fold)), ad.Admits(p.v); got != want {
						t.Fatalf("%s fold %v: the remembered form of %q admits %v, the value %v", m, fold, p.key, got, want)
					}
				}
			}
		}
	}
}
