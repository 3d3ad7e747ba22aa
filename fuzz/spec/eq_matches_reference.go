package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzEqMatchesReference (fuzz/bound): eq and in against the reference
// twin bound.ReferenceEqual on the pair gen.GenerateValuePair makes.
var _ = register(Target{
	Name: "FuzzEqMatchesReference", Stub: "fuzz/bound/equal_test.go",
	Checks:  "eq and in compare numbers by exact value and objects by canonical members, as the reference twin does",
	Input:   "generator bytes (gen.GenerateValuePair)",
	Oracles: []string{"bound.ReferenceEqual (math/big)"},
	Seeds:   generatedValuePairSeeds(),
	Planted: []Variant{
		{Fault: "numbers compared as doubles", Impl: planted.EqNumbersAsDoubles, Efficacy: true},
	},
}, onArg(property.BoundEq, property.EqMatchesReference))

// generatedValuePairs are FuzzEqMatchesReference's generator inputs, each
// with the pair gen.GenerateValuePair makes of it.
var generatedValuePairs = []struct {
	name, data, pair string
}{
	{"at-cap", "\x8d\x90_\x04\x03\xdbVN̺\xf1\xc5\xf9*\x9bY", "-9501200e999999999999999986 / -950.12e999999999999999990: 18-digit exponents, equal"},
	{"past-cap", "\x980\x9f\x89/\xa3\x05\xcb<\x18>+\x05L{", "-1265596574828594.74e1000000000000000003 twice: a 19-digit exponent equals nothing"},
	{"across-cap", "䒵~\xe2.\xaa\x90\x87\xe9\xc1e\xfe\xad\xb5\x83\xde\x12M", "162981.5e-001000000000000000000 / 16298.15e-999999999999999999: one value, one spelling on each side of the cap"},
	{"digit-changed", "\xc3\xe2s\xa0\x85\x1c\x7f}\xf9\xac", "0.09e0 / 0.01e0: one digit changed"},
	{"names-collide", "\n\xf7\xc2\xc8\u05eeS\x88\x86\x92\x97\xfb~}\xe6{t\xab", `{"k":{"café":...},"k":...,"k":...}: three names that are one`},
	{"nfd-name", "(\x17\xfa\xd6$\xeaq\x92\x8d\xed\x8a\xef\xde\xe9", `{"A":"café",...}: a name in NFC and NFD`},
}

// generatedValuePairSeeds are generatedValuePairs as seeds.
func generatedValuePairSeeds() []seeds.Seed {
	var out []seeds.Seed
	for _, s := range generatedValuePairs {
		out = append(out, seeds.Text(s.name, s.pair, s.data))
	}
	return out
}
