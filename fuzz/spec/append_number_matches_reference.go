package spec

import (
	"math"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzAppendNumberMatchesReference (fuzz/jcs): jcs.AppendNumber against
// jcs.ReferenceNumber, Number::toString transcribed, on a double's bits and
// on the double gen.Double makes of them.
var _ = register(Target{
	Name: "FuzzAppendNumberMatchesReference", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "AppendNumber is Number::toString transcribed, and reads back",
	Input:   "a double's bits, and the double gen.Double makes of them as generator bytes",
	Oracles: []string{"jcs.ReferenceNumber", "strconv.ParseFloat"},
	Seeds:   appendixBSeeds(),
	Planted: []Variant{
		{Fault: "Go's 'g' format for numbers", Impl: planted.GoNumber, Efficacy: true},
	},
}, onDouble(jcs.AppendNumber, property.AppendNumberMatchesReference))

// appendixBSeeds are the doubles of RFC 8785 Appendix B and the first
// exponent forms either side.
func appendixBSeeds() []seeds.Seed {
	var out []seeds.Seed
	for _, b := range seeds.AppendixBBits {
		out = append(out, seeds.Of("appendix-b-"+seeds.Hex16(b), "RFC 8785 Appendix B", b))
	}
	return append(out,
		seeds.Of("first-exponent-above", "1e21, the first exponent form above", math.Float64bits(1e21)),
		seeds.Of("first-exponent-below", "1e-7, the first exponent form below", math.Float64bits(1e-7)),
		seeds.Of("not-exact", "0.1, a digit string that is not exact", math.Float64bits(0.1)))
}
