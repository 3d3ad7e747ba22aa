package spec

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// FuzzSkipNumbersMatchesReadNumber (fuzz/admit): admission's number reader
// admit.SkipNumbers against its slow twin admit.ReferenceSkipNumbers
// (jsonwire.ReadNumber a token at a time), on one token and on a list
// after commas inside an array.
var _ = register(Target{
	Name: "FuzzSkipNumbersMatchesReadNumber", Stub: "fuzz/admit/admit_test.go",
	Checks:  "admission's number reader ends a token, and a list of them after commas, where ReadNumber does, and gives up where it refuses or RFC 8785 may refuse",
	Input:   "raw bytes, read as one number token and as a list of them",
	Oracles: []string{"admit.ReferenceSkipNumbers", "jsonwire.ReadNumber"},
	Seeds:   skipNumberSeeds(),
	Planted: []Variant{
		{Fault: "a digit run past eight digits ends one byte late", Impl: planted.SkipNumbersLateAfterAWord},
	},
}, onArg(admit.SkipNumbers, property.SkipNumbersMatchesReadNumber))

// skipNumberSeeds are tokens at the edges of the word loop (digit runs of
// 8, 9, 16 and 17 bytes in each part), the bytes next to the digits, and
// the tokens admission must give up on.
func skipNumberSeeds() []seeds.Seed {
	return []seeds.Seed{
		seeds.Text("int-8", "an integer run of one word", "12345678"),
		seeds.Text("int-9", "an integer run past one word", "123456789,"),
		seeds.Text("int-17", "an integer run past two words", "-12345678901234567]"),
		seeds.Text("frac-16", "a fraction of two words and an exponent", "4.6718416781524435e-11"),
		seeds.Text("frac-17-colon", "':', the byte after '9', ends a long fraction", "0.12345678901234567:"),
		seeds.Text("int-slash", "'/', the byte before '0', ends a long integer", "123456789/1"),
		seeds.Text("leading-zero", "a leading zero before a long run", "0123456789"),
		seeds.Text("empty-fraction", "a '.' with no digit after a long run", "123456789.e5"),
		seeds.Text("empty-exponent", "an 'E+' with no digit", "1.5E+"),
		seeds.Text("exp-309", "an exponent RFC 8785 may refuse", "1e309"),
		seeds.Text("int-309", "309 integer digits, which RFC 8785 may refuse", "1"+strings.Repeat("0", 308)),
		seeds.Text("exp-leading-zeros", "an exponent of 23 digits, 20 of them leading zeros", "1e-00000000000000000000309"),
		seeds.Text("exp-saturated", "a negative exponent past the saturation (2^40)", "1e-99999999999999"),
		seeds.Text("list", "a list after commas", "1,-2.5,3e2,123456789012,0.5"),
		seeds.Text("list-stops", "a list that stops at a doubled comma", "1,2,,3"),
		seeds.Text("list-space", "a list that stops at a space", "1, 2"),
		seeds.Text("list-refused", "a list whose second token RFC 8785 may refuse", "7,1e400"),
		seeds.Text("list-trailing-comma", "a comma with nothing after it", "1,"),
		seeds.Text("minus", "a minus alone", "-"),
	}
}
