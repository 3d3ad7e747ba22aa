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

// The resolver refuses a path holding a rune NFKC reads as a dot or a
// separator, raw or percent-encoded, and ArgumentCanonicalizationMatchesResolver
// finds a canonicalization that resolves one (bound's, before it refused
// them, kept "/srv/acme/\uff0e\uff0e" as a name: resolves-unresolvable);
// bound's own agrees with it. A rune NFKC leaves alone (U+2215 DIVISION
// SLASH) is a name to both.
func TestResolverRefusesCompatibilityStructure(t *testing.T) {
	// keeps reads such a rune as a name: the value decoded, as it is.
	keeps := func(s string, fold bool) (string, error) {
		d, err := decodeSettled(s)
		if err != nil || !compatibilityStructure(d) {
			return BoundPath(s, fold)
		}
		return d, nil // decoded, and NFC keeps the rune: a name
	}
	for _, x := range []string{"/srv/acme/\uff0e\uff0e/etc", "/srv/acme/\u2025", "a\uff0fb", "x\uff3c..", "/srv/%EF%BC%8E%EF%BC%8E", "/srv/%25E2%2580%25A5", "\ufe52"} {
		if got, err := resolvePath(x, false); err == nil {
			t.Errorf("resolvePath(%q) = %q; want refused", x, got)
		}
		if v := ArgumentCanonicalizationMatchesResolver(keeps, nil, x, x, false); v == nil || v.Class != "resolves-unresolvable" {
			t.Errorf("%q kept as a name: %v, want resolves-unresolvable", x, v)
		}
		if v := ArgumentCanonicalizationMatchesResolver(BoundPath, nil, x, "/srv/acme", false); v != nil {
			t.Errorf("bound on %q: %v", x, v)
		}
	}
	if got, err := resolvePath("/srv/a\u2215b", false); err != nil || got != "/srv/a\u2215b" {
		t.Errorf("resolvePath(U+2215) = %q, %v; want the name kept", got, err)
	}
}
