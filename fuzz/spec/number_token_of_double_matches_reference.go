package spec

import (
	"math"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzNumberTokenOfDoubleMatchesReference (fuzz/jcs): jcs.AppendNumberToken
// on a double written with 1 to 19 digits, as serializers write them.
var _ = register(Target{
	Name: "FuzzNumberTokenOfDoubleMatchesReference", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "the same on tokens of 1 to 19 digits, as serializers write them",
	Input:   "a double's bits, a digit count",
	Oracles: []string{"jcs.ReferenceNumber"},
	Seeds: []seeds.Seed{
		ofDouble("max-shortest", 0x7fefffffffffffff, 0), ofDouble("max-17", 0x7fefffffffffffff, 17),
		ofDouble("2^53-shortest", 0x4340000000000000, 0), ofDouble("2^70-17", 0x4430000000000000, 17),
		ofDouble("below-1e23-17", 0x44b52d02c7e14af5, 17), ofDouble("1e23-17", 0x44b52d02c7e14af6, 17),
		ofDouble("0.1-17", math.Float64bits(0.1), 17), ofDouble("0.3-16", math.Float64bits(0.3), 16),
	},
	Planted: []Variant{
		{Fault: "tokens written in Go's 'g' format", Impl: planted.NumberTokenGoFormat},
	},
}, onArgs(jcs.AppendNumberToken, property.NumberTokenOfDoubleMatchesReference))

// ofDouble is a seed of a double written with digits digits.
func ofDouble(name string, bits uint64, digits uint8) seeds.Seed {
	return seeds.Of(name, "a double written with a given number of digits, as serializers do", bits, digits)
}
