package seeds

import (
	"math"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oracletest"
)

// rfcSamples are the documents of RFC 8785: the section 3.2.2 sample with
// its awkward numbers and escapes, and the section 3.2.3 sorting sample.
func rfcSamples() []Seed {
	return []Seed{
		bytesSeed("rfc8785-3.2.2-sample", "RFC 8785 section 3.2.2: numbers such as 333333333.33333329 and 1E30, escapes, literals",
			`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`),
		bytesSeed("rfc8785-3.2.3-sorting", "RFC 8785 section 3.2.3: member names sorted by UTF-16 code units, the emoji between U+0080 and U+FB33",
			`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`),
		bytesSeed("key-order-utf16", "the differential study's split: U+1F600 (D83D DE00) sorts before U+E000 by UTF-16, after it by code point",
			`{"😀":1,"\uE000":2}`),
		bytesSeed("key-order-bmp-private-use", "supplementary keys beside U+E000..U+FFFF keys, in every order", `{"\uFFFF":1,"\uD800\uDC00":2,"\uE000":3,"\uD83D\uDE00":4,"\uFB33":5}`),
		bytesSeed("number-notation-edges", "ECMAScript Number::toString's switches between notations: 1e21, 1e-7, -0, 5e-324",
			`[1e21,1e20,999999999999999900000,1e-7,0.000001,-0,5e-324,1.7976931348623157e308,9007199254740993]`),
		bytesSeed("escapes-minimal", "escapes RFC 8785 writes (\\b \\f \\n \\r \\t \\\" \\\\ and \\u00XX) and those it writes literally (\\/, \\u00e9)",
			`["\b\f\n\r\t\"\\\/","\u0000\u001f\u007f","\u00e9é"]`),
		bytesSeed("whitespace-everywhere", "whitespace between every token", " { \"b\" : [ 1 , 2 ] ,\n\t\"a\" : { } \r\n} "),
	}
}

// writerProbes each probe one part of the writer.
func writerProbes() []Seed {
	return []Seed{
		bytesSeed("one-reorder", "one reorder", `{"b":1,"a":2}`),
		bytesSeed("utf16-above-d7ff", "UTF-16 order above U+D7FF", `{"😀":1,"\uE000":2,"\uFFFF":3,"a":4}`),
		bytesSeed("escaped-names", "names whose escaped bytes sort differently", `{"\"":1,"\\":2,"\u0000":3,"!":4}`),
		bytesSeed("reorders-at-every-level", "reorders at every level", `{"z":{"y":{"x":[{"w":1,"v":2}]}},"a":0}`),
		bytesSeed("number-forms", "numbers the writer rewrites", `[1.0,-0,1e21,1e-7,0.1,5e-324,1.7976931348623157e308,9007199254740993]`),
		bytesSeed("every-escape-kind", "every kind of escape", `["\u00e9\/\b\f\n\r\t\u0001\u001f\ud83d\ude00\u2028"]`),
		bytesSeed("literals-in-whitespace", "whitespace and literals", " [ true , false , null , { } , [ ] ] \n"),
		bytesSeed("remembered-orders", "objects of one shape whose order the writer may remember, and one of another", `[{"b":1,"a":2},{"b":3,"a":4},{"c":5,"a":6}]`),
		bytesSeed("unterminated", "bytes admission never saw: an object cut short", `{"a":`),
		bytesSeed("unpaired-escape", "bytes admission never saw: an unpaired surrogate escape", `["\ud800"]`),
		bytesSeed("no-double", "bytes admission never saw: a number with no finite double", `[1e999]`),
	}
}

// keyOrderPairs are member names whose UTF-16 and code point orders differ,
// or which tie on a prefix.
func keyOrderPairs() []Seed {
	pair := func(name, comment, a, b string) Seed { return Seed{Name: name, Comment: comment, Values: []any{a, b}} }
	return []Seed{
		pair("emoji-vs-private-use", "U+1F600 against U+E000: UTF-16 puts the emoji first, code points put it last", "😀", "\uE000"),
		pair("supplementary-vs-fffd", "U+10000 against U+FFFD", "\U00010000", "\uFFFD"),
		pair("prefix", "a name that is a prefix of the other", "abc", "abcd"),
		pair("equal", "two equal names", "é", "é"),
		pair("nfc-vs-nfd", "U+00E9 against e U+0301: different names, RFC 8785 does not normalize", "é", "e\u0301"),
		pair("largest-of-each", "the two largest of each kind", "\uFFFF", "\U0010FFFF"),
		pair("continuation-bytes", "names differing in a continuation byte", "a\u00e9", "a\u00ea"),
		pair("lead-ed", "lead byte 0xED, just below the surrogate split", "\uD7FF\uE000", "\uD7FF"),
		pair("past-eight-bytes", "names tied on their first eight bytes, the sort prefix", "abcdefgh\U0001F600", "abcdefgh\uE000"),
	}
}

// appendixBBits are the IEEE 754 bit patterns of RFC 8785 Appendix B, whose
// expected ECMAScript forms the number formatter must produce, with the
// NaN and the infinity the appendix lists as errors.
var appendixBBits = []uint64{
	0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
	0x7fefffffffffffff, 0xffefffffffffffff, 0x4340000000000000, 0xc340000000000000,
	0x4430000000000000, 0x44b52d02c7e14af5, 0x44b52d02c7e14af6, 0x44b52d02c7e14af7,
	0x444b1ae4d6e2ef4e, 0x444b1ae4d6e2ef4f, 0x444b1ae4d6e2ef50, 0x3eb0c6f7a0b5ed8c,
	0x3eb0c6f7a0b5ed8d, 0x41b3de4355555553, 0x41b3de4355555554, 0x41b3de4355555555,
	0x41b3de4355555556, 0x41b3de4355555557, 0xbecbf647612f3696, 0x43143ff3c1cb0959,
	0x7fffffffffffffff, 0x7ff0000000000000,
}

// numberBits are the doubles FuzzNumberFromBits and its Node twin start
// from: the edges of Number::toString's layouts and of the double range.
var numberBits = []struct {
	bits  uint64
	probe string
}{
	{0x0000000000000000, "+0"},
	{0x8000000000000000, "-0, written 0"},
	{0x0000000000000001, "5e-324, the least subnormal"},
	{0x000fffffffffffff, "the greatest subnormal"},
	{0x0010000000000000, "the least normal"},
	{0x7fefffffffffffff, "the greatest double"},
	{0x444b1ae4d6e2ef50, "1e21, the first in exponent form"},
	{0x444b1ae4d6e2ef4f, "the double below 1e21, the last integer form"},
	{0x3eb0c6f7a0b5ed8d, "1e-6, the last plain fraction"},
	{0x3e7ad7f29abcaf48, "1e-7, the first negative exponent form"},
	{0x4340000000000000, "2^53"},
	{0x4340000000000001, "2^53+2"},
	{0x433fffffffffffff, "2^53-1"},
	{0x3fb999999999999a, "0.1"},
	{0x3fd5555555555555, "1/3, seventeen digits"},
	{0x44b52d02c7e14af6, "1e23, whose shortest form is not the nearest 17 digits"},
	{0x7ff0000000000000, "+Infinity, skipped"},
	{0x7ff8000000000001, "a NaN, skipped"},
}

// generatedValues are FuzzCanonicalizeGeneratedValue's generator inputs,
// each with the feature of the value it makes (TestGeneratedSeeds holds
// each to it).
var generatedValues = []struct {
	data    string
	feature gen.Feature
	probe   string
}{
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

// oracleDocuments are the raw inputs of the targets that compare jcs with
// the oracles: probes of every departure the oracles are known for, and
// the edge vectors every oracle is pinned on (fuzz/oracle/oracletest).
func oracleDocuments() []Seed {
	seeds := []Seed{
		bytesSeed("pair-and-high-bmp", "escaped pair and high-BMP names: UTF-16 order puts the pair first", `{"\ud83d\ude00":1,"\ue000":2,"\uffff":3}`),
		bytesSeed("supplementary-names", "literal supplementary names beside U+FF5E and U+FB01, alone and after a shared prefix", "{\"\U00010000\":0,\"\uff5e\":1,\"k\U0001f600\":2,\"k\ufb01\":3}"),
		bytesSeed("nested-duplicate", "a duplicate one level down", `{"a":1,"b":{"c":2,"c":3}}`),
		bytesSeed("escaped-duplicate", "a duplicate only once the escape is decoded", `{"a":1,"\u0061":2}`),
		bytesSeed("reversed-pair", "a reversed surrogate pair", `["\udc00\ud800"]`),
		bytesSeed("high-then-not-low", "a high surrogate followed by an escape that is not a low one", `["\ud800\u0041"]`),
		bytesSeed("overlong-and-above", "an overlong form and a value above U+10FFFF", "[\"\xc0\xaf\",\"\xf4\x90\x80\x80\"]"),
		bytesSeed("five-spellings", "one double, five spellings", `[1E+2,100.0,1e2,0.01e4,100]`),
		bytesSeed("odd-past-2^53", "odd integers past 2^53 that round to even", `[9007199254740993,9007199254740995,-9007199254740993,18014398509481985]`),
		bytesSeed("double-range-ends", "the ends of the double range", `[5e-324,2.2250738585072014e-308,1.7976931348623157e308,4.9406564584124654e-324]`),
		bytesSeed("layout-ends", "both ends of Number::toString's plain layout", `[1e21,999999999999999999999,1e-7,0.0000001,0.000001,1e-6]`),
		bytesSeed("zeros", "zeros of both signs", `[-0,-0.0,-0e10,0e-10]`),
		bytesSeed("no-finite-double", "no finite double", `[1e400,-1e400]`),
		bytesSeed("noncharacters", "noncharacters, which RFC 8785 admits", "[\"\\uFDD0\\uFFFE\",\"\U0010ffff\"]"),
		bytesSeed("empty-names-nested", "empty names and a nested run", `{"":{"":{"":[[[[[[[[[[[]]]]]]]]]]]}}}`),
		bytesSeed("every-escape", "every escape, in both hex cases", `["\/\b\f\n\r\t\"\\\u0000\u001F\u007f\u2028\u00E9"]`),
		bytesSeed("trailing-comma-array", "a trailing comma", `[1,]`),
		bytesSeed("missing-colon", "a missing colon", `{"a" 1}`),
		bytesSeed("leading-zero-in-array", "a leading zero", `[01]`),
		bytesSeed("array-in-whitespace", "a top-level array in whitespace", "\t[ ]\r\n"),
		bytesSeed("top-level-literal", "a top-level literal", `true`),
	}
	for _, v := range oracletest.Edge {
		seeds = append(seeds, bytesSeed("edge-"+v.Name, v.Comment, v.Input))
	}
	return seeds
}

func jcsTargets() []Target {
	documents := append(append(rfcSamples(), admitInputs()...), writerProbes()...)
	var withProfile []Seed
	for _, s := range documents {
		withProfile = append(withProfile, Seed{Name: s.Name, Comment: s.Comment, Values: []any{s.Values[0], false}},
			Seed{Name: s.Name + "-ijson", Comment: s.Comment + ", under I-JSON", Values: []any{s.Values[0], true}})
	}
	var bits []Seed
	for _, b := range appendixBBits {
		bits = append(bits, Seed{Name: "appendix-b-" + hex16(b), Comment: "RFC 8785 Appendix B", Values: []any{b}})
	}
	bits = append(bits,
		Seed{Name: "first-exponent-above", Comment: "1e21, the first exponent form above", Values: []any{math.Float64bits(1e21)}},
		Seed{Name: "first-exponent-below", Comment: "1e-7, the first exponent form below", Values: []any{math.Float64bits(1e-7)}},
		Seed{Name: "not-exact", Comment: "0.1, a digit string that is not exact", Values: []any{math.Float64bits(0.1)}})
	token := func(name, comment, tok string) Seed { return Seed{Name: name, Comment: comment, Values: []any{tok}} }
	tokens := []Seed{
		token("awkward", "RFC 8785's 333333333.33333329, written 333333333.3333333", "333333333.33333329"),
		token("exponent-upper", "1E30, written 1e+30", "1E30"),
		token("tiny", "0.000000000000000000000000001, written 1e-27", "0.000000000000000000000000001"),
		token("2^53+1", "9007199254740993 rounds to 9007199254740992", "9007199254740993"),
		token("negative-zero", "-0.0, written 0", "-0.0"),
		token("layouts", "a signed exponent form", "-12.25e+3"),
		token("15-digits", "15 digits", "123456789012345"),
		token("16-digits", "16 digits", "1234567890123456"),
		token("more-digits-than-a-double", "more digits than a double holds", "0.1000000000000000055511151231257827"),
		token("subnormal", "a subnormal", "1e-320"),
		token("near-max", "near the largest double", "1e308"),
		token("trailing-zeros", "trailing zeros in the fraction", "1.00000000000000000000e5"),
		token("plain-fraction", "the last plain fraction", "0.000001"),
		token("not-verbatim", "a fraction that is not written as given", "0.0000012"),
		token("17-digits-fraction", "17 digits past a point", "1234.5678901234567"),
		token("17-digits-small", "17 digits and a large negative exponent", "1.2345678901234567e-200"),
		token("not-shortest", "digits that name the double but are not its shortest", "0.10000000000000001"),
		token("shortest-or-not", "1e23's neighbours written with 17 digits", "1.0000000000000001e23"),
		token("2^53-1", "2^53-1", "9007199254740991"),
		token("1e21-plain", "1e21 written plainly", "1000000000000000000000"),
	}
	for i, tok := range []string{"0", "-0", "1", "1.5", "1e21", "1e-7", "2e-308", "0.0", "-0.5", "12345678901234.5",
		"123456789012345.6", "9007199254740992", "100000000000000000000", "0.30000000000000004",
		"9.999999999999999e22", "1.0000000000000000e23"} {
		tokens = append(tokens, token("layout-"+hex16(uint64(i)), "a token at one of Number::toString's layouts, verbatim or not", tok))
	}
	ofDouble := func(name string, bits uint64, digits uint8) Seed {
		return Seed{Name: name, Comment: "a double written with a given number of digits, as serializers do", Values: []any{bits, digits}}
	}
	doubles := []Seed{
		ofDouble("max-shortest", 0x7fefffffffffffff, 0), ofDouble("max-17", 0x7fefffffffffffff, 17),
		ofDouble("2^53-shortest", 0x4340000000000000, 0), ofDouble("2^70-17", 0x4430000000000000, 17),
		ofDouble("below-1e23-17", 0x44b52d02c7e14af5, 17), ofDouble("1e23-17", 0x44b52d02c7e14af6, 17),
		ofDouble("0.1-17", math.Float64bits(0.1), 17), ofDouble("0.3-16", math.Float64bits(0.3), 16),
	}
	str := func(name, comment, s string, choice uint64) Seed {
		return Seed{Name: name, Comment: comment, Values: []any{s, choice}}
	}
	strs := []Seed{
		str("controls", "every control character, escaped minimally", "\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f", 0),
		str("quote-backslash-solidus", "the quote and backslash escaped, the solidus not", `"\/`, 1),
		str("non-ascii", "non-ASCII written literally", "é€😀\uFFFF", 2),
		str("plain", "nothing to escape", "plain", 0),
		str("short-escapes", "short escapes everywhere", "\"\\/\b\f\n\r\t", 0x5555555555555555),
		str("upper-hex", "controls in upper-case hex", "\x00\x1f\x7f", 0xffffffffffffffff),
		str("pairs", "\\u escapes and surrogate pairs", "é😀\uE000", 0xaaaaaaaaaaaaaaaa),
		str("long-run", "a long plain run past eight bytes", "\u2028 long run of plain text past eight bytes", 2),
	}
	decimal := func(name, comment string, w uint64, q int) Seed {
		return Seed{Name: name, Comment: comment, Values: []any{w, q}}
	}
	decimals := []Seed{
		decimal("one", "one", 1, 0),
		decimal("near-top", "near the top of the range", 17976931348623157, 292),
		decimal("least-normal", "the least normal, out of the fast path's range", 22250738585072014, -324),
		decimal("halfway", "halfway between two doubles", 9007199254740993, 0),
		decimal("largest-w", "the largest mantissa", 18446744073709551615, -20),
		decimal("typical", "a typical 17-digit double", 12345678901234567, -16),
	}
	var numbers []Seed
	for _, s := range numberBits {
		numbers = append(numbers, Seed{Name: hex16(s.bits), Comment: s.probe, Values: []any{s.bits}})
	}
	var values []Seed
	for i, s := range generatedValues {
		values = append(values, Seed{Name: "value-" + hex16(uint64(i)), Comment: s.probe, Values: []any{[]byte(s.data)}})
	}
	oracles := append(oracleDocuments(), append(rfcSamples(), admitInputs()...)...)
	cyberphoneInputs := moduleFiles("github.com/cyberphone/json-canonicalization", "testdata/input/*.json",
		"the RFC author's testdata inputs", func(b []byte) []any { return []any{b, false} })
	return []Target{
		{Name: "FuzzCanonicalizeFixedPoint", Seeds: withProfile, Sources: []Source{cyberphoneInputs}},
		{Name: "FuzzWriterNeverPanics", Seeds: documents},
		{Name: "FuzzCanonicalizeMatchesJSONText", Seeds: documents},
		{Name: "FuzzCompareUTF16MatchesReference", Seeds: keyOrderPairs()},
		{Name: "FuzzAppendNumberMatchesReference", Seeds: bits},
		{Name: "FuzzNumberTokenMatchesReference", Seeds: tokens},
		{Name: "FuzzNumberTokenOfDoubleMatchesReference", Seeds: doubles},
		{Name: "FuzzAppendStringMatchesReference", Seeds: strs},
		{Name: "FuzzDecimalToFloatMatchesParseFloat", Seeds: decimals},
		{Name: "FuzzCanonicalizeMatchesOracles", Seeds: oracles},
		{Name: "FuzzCanonicalizeMatchesNode", Seeds: oracles},
		{Name: "FuzzCanonicalizeGeneratedValue", Seeds: values},
		{Name: "FuzzCanonicalizeGeneratedValueMatchesNode", Seeds: values},
		{Name: "FuzzNumberFromBits", Seeds: numbers},
		{Name: "FuzzNumberFromBitsMatchesNode", Seeds: numbers},
	}
}

func hex16(b uint64) string {
	const digits = "0123456789abcdef"
	var out [16]byte
	for i := 15; i >= 0; i-- {
		out[i] = digits[b&0xF]
		b >>= 4
	}
	return string(out[:])
}
