package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzGlobGeneratedMatchesReference (fuzz/bound): a glob gen.GenerateGlob
// makes matches its expansions and agrees with bound.ReferenceGlob on near
// misses.
var _ = register(Target{
	Name: "FuzzGlobGeneratedMatchesReference", Stub: "fuzz/bound/glob_test.go",
	Checks:  "a generated glob matches its expansions and agrees with the reference on near misses",
	Input:   "generator bytes (gen.GenerateGlob)",
	Oracles: []string{"bound.ReferenceGlob (RE2)", "gen.GenerateGlob's expansions"},
	Seeds:   generatedGlobSeeds(),
	Planted: []Variant{
		{Fault: "* crossing /", Impl: planted.GlobStarCrossesSlash},
	},
}, onArg(property.BoundGlob, property.GlobGeneratedMatchesReference))

// generatedGlobs are FuzzGlobGeneratedMatchesReference's generator inputs,
// each with the pattern gen.GenerateGlob makes of it (TestGeneratedSeeds
// holds each to it).
var generatedGlobs = []struct {
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

// generatedGlobSeeds are generatedGlobs as seeds.
func generatedGlobSeeds() []seeds.Seed {
	var out []seeds.Seed
	for _, s := range generatedGlobs {
		out = append(out, seeds.Text("pattern-"+s.pattern, s.probe, s.data))
	}
	return out
}
