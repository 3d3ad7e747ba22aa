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
	{"names-collide", "\x01\xb6\x94\xafć\x10!\xa17\xd3\xdeə ", `{"e\u0301":"k","\u00e9":{...}}: one object whose two names are one once in NFC, equal to nothing`},
	{"nfd-name", "\xfaO\xa6=4\xaf\v\xc0|\xb9", `{"k":0.00e2,"q\u0307\u0323":"e\u0301"} / {"k":0.00e2,"q\u0323\u0307":"\u00e9"}: a name with its marks reordered and a value in NFD and NFC, equal`},
}

// generatedValuePairSeeds are generatedValuePairs as seeds.
func generatedValuePairSeeds() []seeds.Seed {
	var out []seeds.Seed
	for _, s := range generatedValuePairs {
		out = append(out, seeds.Text(s.name, s.pair, s.data))
	}
	return out
}
