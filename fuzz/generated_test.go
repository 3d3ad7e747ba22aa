package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// generatedSeed is a generator input, the feature of the value it makes,
// and what that probes; TestGeneratedSeedsHaveTheirFeatures holds each to
// its feature.
type generatedSeed struct {
	data    string
	feature gen.Feature
	probe   string
}

// generatedSeeds are FuzzCanonicalizeGeneratedValue's seeds.
var generatedSeeds = []generatedSeed{
	{"\xb8}\x9e\xdd", gen.OrderDivide, `{"k\ue000\ue000":null,"k\ue000\U00010000":null}: UTF-16 and code-point order part after a shared prefix`},
	{"\xbe\x0e\xea4", gen.Supplementary, `{"\ue000":null,"\U00010000":null}: the first supplementary character against the first private-use one`},
	{"\xf4\x06)i", gen.Noncharacter, `names beginning with U+FFFF`},
	{"\xe4\x11\x98\xab", gen.Control, `names beginning with NUL, written \u0000`},
	{"fs=\xef", gen.ExponentForm, `a top-level subnormal, 2.1764975063e-314`},
	{"\x1a;4Y", gen.BeyondTwo53, `a top-level integer above 2^54, 18014398509481976`},
	{"V\xf3\x0f\xdf", gen.NegativeZero, `a top-level -0`},
	{"[\xfdb\x95", gen.Deep, `a chain of 120 arrays inside an object inside an array`},
	{"B\xd4;\xcc\x8d", gen.Long, `a top-level string of 4096 characters`},
	{"", 0, `the empty input: the empty object`},
}

// TestGeneratedSeedsHaveTheirFeatures: each seed makes a value with the
// feature its comment claims, so the seed list says what it probes.
func TestGeneratedSeedsHaveTheirFeatures(t *testing.T) {
	for _, s := range generatedSeeds {
		if got := gen.Features(gen.Generate([]byte(s.data))); got&s.feature != s.feature {
			t.Errorf("seed %q (%s) makes a value with %v, not %v", s.data, s.probe, got, s.feature)
		}
	}
}

// FuzzCanonicalizeGeneratedValue holds jcs.Canonicalize to
// generatedWritingsAgree, with the Go oracles: whatever the representation
// of a generated value, its canonical form is the model's and the
// oracles'.
func FuzzCanonicalizeGeneratedValue(f *testing.F) {
	if len(generatedSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range generatedSeeds {
		f.Add([]byte(s.data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := generatedWritingsAgree(jcsDefault, goOracles, data); err != nil {
			t.Fatal(err)
		}
	})
}
