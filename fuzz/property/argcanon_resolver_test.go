package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The resolver holds bound to the documented four decoding rounds, on its
// own number: four levels of %25 over "A" resolve, five do not, and
// bound agrees. Were the resolver to read bound.MaxDecodeRounds, a changed
// constant would move both sides and no fuzzer could see it (the fuzz
// score's blind spot, docs/EFFICACY.md); the input with five levels is the
// one that tells the mutant MaxDecodeRounds = 5 from the target.
func TestResolverDecodesTheDocumentedFourRounds(t *testing.T) {
	four, five := "/a%25252541", "/a%2525252541"
	if got, err := resolvePath(four, false); err != nil || got != "/aA" {
		t.Errorf("resolvePath(%q) = %q, %v; want /aA", four, got, err)
	}
	if got, err := resolvePath(five, false); err == nil {
		t.Errorf("resolvePath(%q) = %q; want a refusal past four rounds", five, got)
	}
	if got, err := bound.CanonicalizeString(five, bound.ModeHierarchical, false); err == nil {
		t.Errorf("bound canonicalizes %q to %q; it needs five rounds", five, got)
	}
}
