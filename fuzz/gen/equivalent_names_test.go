package gen

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestEquivalentSpellings: every root has at least two distinct spellings,
// all of one NFC form, and every colliding probe's two names are distinct
// spellings of one name.
func TestEquivalentSpellings(t *testing.T) {
	for _, r := range nameRoots {
		sp := equivalentSpellings(r)
		if len(sp) < 2 {
			t.Errorf("%q: spellings %q, want two or more", r, sp)
		}
		for _, s := range sp {
			if norm.NFC.String(s) != norm.NFC.String(r) {
				t.Errorf("%q: spelling %q is not canonically equivalent", r, s)
			}
		}
	}
	for _, p := range collidingProbes() {
		if len(p.Array) == 1 {
			p = p.Array[0]
		}
		a, b := p.Members[0].Name, p.Members[1].Name
		if a == b || norm.NFC.String(a) != norm.NFC.String(b) {
			t.Errorf("probe names %q and %q: want two spellings of one name", a, b)
		}
	}
}
