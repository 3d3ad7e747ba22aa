package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzNumberTokenMatchesReference (fuzz/jcs): jcs.AppendNumberToken on a
// number token as written, against jcs.ReferenceNumber of its double.
var _ = register(Target{
	Name: "FuzzNumberTokenMatchesReference", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "a number token is written as the reference writes its double, alone and in a document",
	Input:   "a number token",
	Oracles: []string{"jcs.ReferenceNumber", "strconv.ParseFloat"},
	Seeds:   numberTokens(),
	Planted: []Variant{
		{Fault: "tokens written in Go's 'g' format", Impl: planted.NumberTokenGoFormat},
	},
}, onArg(jcs.AppendNumberToken, property.NumberTokenMatchesReference))

// numberTokens are tokens whose double is written otherwise than the token,
// and one at each of Number::toString's layouts.
func numberTokens() []seeds.Seed {
	tokens := []seeds.Seed{
		seeds.Of("awkward", "RFC 8785's 333333333.33333329, written 333333333.3333333", "333333333.33333329"),
		seeds.Of("exponent-upper", "1E30, written 1e+30", "1E30"),
		seeds.Of("tiny", "0.000000000000000000000000001, written 1e-27", "0.000000000000000000000000001"),
		seeds.Of("2^53+1", "9007199254740993 rounds to 9007199254740992", "9007199254740993"),
		seeds.Of("negative-zero", "-0.0, written 0", "-0.0"),
		seeds.Of("layouts", "a signed exponent form", "-12.25e+3"),
		seeds.Of("15-digits", "15 digits", "123456789012345"),
		seeds.Of("16-digits", "16 digits", "1234567890123456"),
		seeds.Of("more-digits-than-a-double", "more digits than a double holds", "0.1000000000000000055511151231257827"),
		seeds.Of("subnormal", "a subnormal", "1e-320"),
		seeds.Of("near-max", "near the largest double", "1e308"),
		seeds.Of("trailing-zeros", "trailing zeros in the fraction", "1.00000000000000000000e5"),
		seeds.Of("plain-fraction", "the last plain fraction", "0.000001"),
		seeds.Of("not-verbatim", "a fraction that is not written as given", "0.0000012"),
		seeds.Of("17-digits-fraction", "17 digits past a point", "1234.5678901234567"),
		seeds.Of("17-digits-small", "17 digits and a large negative exponent", "1.2345678901234567e-200"),
		seeds.Of("not-shortest", "digits that name the double but are not its shortest", "0.10000000000000001"),
		seeds.Of("shortest-or-not", "1e23's neighbours written with 17 digits", "1.0000000000000001e23"),
		seeds.Of("2^53-1", "2^53-1", "9007199254740991"),
		seeds.Of("1e21-plain", "1e21 written plainly", "1000000000000000000000"),
	}
	for i, tok := range []string{"0", "-0", "1", "1.5", "1e21", "1e-7", "2e-308", "0.0", "-0.5", "12345678901234.5",
		"123456789012345.6", "9007199254740992", "100000000000000000000", "0.30000000000000004",
		"9.999999999999999e22", "1.0000000000000000e23"} {
		tokens = append(tokens, seeds.Of("layout-"+seeds.Hex16(uint64(i)), "a token at one of Number::toString's layouts, verbatim or not", tok))
	}
	return tokens
}
