package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// globSeeds are FuzzGlobGeneratedMatchesReference's generator inputs, each
// with the pattern it makes (TestGlobSeedsMakeTheirPatterns holds them to
// it) and what that probes.
var globSeeds = []struct {
	data, pattern, probe string
}{
	{"", "", "the empty pattern, which matches only the empty value"},
	{"\xed<\x02", "*/a", "a star before a slash: the near miss //a needs * to take a '/'"},
	{"W\xfaM\x92", "/**/", "a globstar between slashes, which may match nothing"},
	{"\xba?;\x9f\x00\xe0", "[!/]a", "a negated class that names '/', which no class matches anyway"},
	{"5\xf6\xd9\xa3", "\\*?a", "an escaped star, literal, before a '?'"},
	{";Xw", "\u212aa", "the Kelvin sign, which folds to k, but globs do not fold"},
	{"\xef\xc1O\x10&", "e\u0301a", "a decomposed é: the composed one is another character"},
}

// TestGlobSeedsMakeTheirPatterns: each seed makes the pattern its comment
// names.
func TestGlobSeedsMakeTheirPatterns(t *testing.T) {
	for _, s := range globSeeds {
		if got := gen.GenerateGlob([]byte(s.data)).Pattern; got != s.pattern {
			t.Errorf("seed %q (%s) makes pattern %q, not %q", s.data, s.probe, got, s.pattern)
		}
	}
}

// FuzzGlobGeneratedMatchesReference holds bound.CompileGlob to
// globGeneratedMatchesReference: structure-aware patterns, with values
// built to match and near misses, against the RE2 reference. Where
// targets/bound's FuzzGlobMatchesReference mutates raw pattern and value
// strings, this one derives the values from the pattern.
func FuzzGlobGeneratedMatchesReference(f *testing.F) {
	if len(globSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range globSeeds {
		f.Add([]byte(s.data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := globGeneratedMatchesReference(boundGlob, data); err != nil {
			t.Fatal(err)
		}
	})
}
