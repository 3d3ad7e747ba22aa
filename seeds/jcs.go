package seeds

// RFCSamples are the documents of RFC 8785: the section 3.2.2 sample with
// its awkward numbers and escapes, and the section 3.2.3 sorting sample.
func RFCSamples() []Seed {
	return []Seed{
		Text("rfc8785-3.2.2-sample", "RFC 8785 section 3.2.2: numbers such as 333333333.33333329 and 1E30, escapes, literals",
			`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`),
		Text("rfc8785-3.2.3-sorting", "RFC 8785 section 3.2.3: member names sorted by UTF-16 code units, the emoji between U+0080 and U+FB33",
			`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`),
		Text("key-order-utf16", "the differential study's split: U+1F600 (D83D DE00) sorts before U+E000 by UTF-16, after it by code point",
			`{"😀":1,"\uE000":2}`),
		Text("key-order-bmp-private-use", "supplementary keys beside U+E000..U+FFFF keys, in every order", `{"\uFFFF":1,"\uD800\uDC00":2,"\uE000":3,"\uD83D\uDE00":4,"\uFB33":5}`),
		Text("number-notation-edges", "ECMAScript Number::toString's switches between notations: 1e21, 1e-7, -0, 5e-324",
			`[1e21,1e20,999999999999999900000,1e-7,0.000001,-0,5e-324,1.7976931348623157e308,9007199254740993]`),
		Text("escapes-minimal", "escapes RFC 8785 writes (\\b \\f \\n \\r \\t \\\" \\\\ and \\u00XX) and those it writes literally (\\/, \\u00e9)",
			`["\b\f\n\r\t\"\\\/","\u0000\u001f\u007f","\u00e9é"]`),
		Text("whitespace-everywhere", "whitespace between every token", " { \"b\" : [ 1 , 2 ] ,\n\t\"a\" : { } \r\n} "),
	}
}

// WriterProbes each probe one part of the writer.
func WriterProbes() []Seed {
	return []Seed{
		Text("one-reorder", "one reorder", `{"b":1,"a":2}`),
		Text("utf16-above-d7ff", "UTF-16 order above U+D7FF", `{"😀":1,"\uE000":2,"\uFFFF":3,"a":4}`),
		Text("escaped-names", "names whose escaped bytes sort differently", `{"\"":1,"\\":2,"\u0000":3,"!":4}`),
		Text("reorders-at-every-level", "reorders at every level", `{"z":{"y":{"x":[{"w":1,"v":2}]}},"a":0}`),
		Text("number-forms", "numbers the writer rewrites", `[1.0,-0,1e21,1e-7,0.1,5e-324,1.7976931348623157e308,9007199254740993]`),
		Text("every-escape-kind", "every kind of escape", `["\u00e9\/\b\f\n\r\t\u0001\u001f\ud83d\ude00\u2028"]`),
		Text("literals-in-whitespace", "whitespace and literals", " [ true , false , null , { } , [ ] ] \n"),
		Text("remembered-orders", "objects of one shape whose order the writer may remember, and one of another", `[{"b":1,"a":2},{"b":3,"a":4},{"c":5,"a":6}]`),
		Text("unterminated", "bytes admission never saw: an object cut short", `{"a":`),
		Text("unpaired-escape", "bytes admission never saw: an unpaired surrogate escape", `["\ud800"]`),
		Text("no-double", "bytes admission never saw: a number with no finite double", `[1e999]`),
	}
}

// KeyOrderPairs are member names whose UTF-16 and code point orders differ,
// or which tie on a prefix.
func KeyOrderPairs() []Seed {
	return []Seed{
		Of("emoji-vs-private-use", "U+1F600 against U+E000: UTF-16 puts the emoji first, code points put it last", "😀", "\uE000"),
		Of("supplementary-vs-fffd", "U+10000 against U+FFFD", "\U00010000", "\uFFFD"),
		Of("prefix", "a name that is a prefix of the other", "abc", "abcd"),
		Of("equal", "two equal names", "é", "é"),
		Of("nfc-vs-nfd", "U+00E9 against e U+0301: different names, RFC 8785 does not normalize", "é", "e\u0301"),
		Of("largest-of-each", "the two largest of each kind", "\uFFFF", "\U0010FFFF"),
		Of("continuation-bytes", "names differing in a continuation byte", "a\u00e9", "a\u00ea"),
		Of("lead-ed", "lead byte 0xED, just below the surrogate split", "\uD7FF\uE000", "\uD7FF"),
		Of("past-eight-bytes", "names tied on their first eight bytes, the sort prefix", "abcdefgh\U0001F600", "abcdefgh\uE000"),
	}
}

// AppendixBBits are the IEEE 754 bit patterns of RFC 8785 Appendix B, whose
// expected ECMAScript forms the number formatter must produce, with the
// NaN and the infinity the appendix lists as errors.
var AppendixBBits = []uint64{
	0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
	0x7fefffffffffffff, 0xffefffffffffffff, 0x4340000000000000, 0xc340000000000000,
	0x4430000000000000, 0x44b52d02c7e14af5, 0x44b52d02c7e14af6, 0x44b52d02c7e14af7,
	0x444b1ae4d6e2ef4e, 0x444b1ae4d6e2ef4f, 0x444b1ae4d6e2ef50, 0x3eb0c6f7a0b5ed8c,
	0x3eb0c6f7a0b5ed8d, 0x41b3de4355555553, 0x41b3de4355555554, 0x41b3de4355555555,
	0x41b3de4355555556, 0x41b3de4355555557, 0xbecbf647612f3696, 0x43143ff3c1cb0959,
	0x7fffffffffffffff, 0x7ff0000000000000,
}

// NumberBits are the doubles FuzzNumberFromBits and its Node twin start
// from: the edges of Number::toString's layouts and of the double range.
var NumberBits = []struct {
	Bits  uint64
	Probe string
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

// OracleDocuments are the raw inputs of the targets that compare jcs with
// the oracles: probes of every departure the oracles are known for, and
// the edge vectors every oracle is pinned on (Edge).
func OracleDocuments() []Seed {
	seeds := []Seed{
		Text("pair-and-high-bmp", "escaped pair and high-BMP names: UTF-16 order puts the pair first", `{"\ud83d\ude00":1,"\ue000":2,"\uffff":3}`),
		Text("supplementary-names", "literal supplementary names beside U+FF5E and U+FB01, alone and after a shared prefix", "{\"\U00010000\":0,\"\uff5e\":1,\"k\U0001f600\":2,\"k\ufb01\":3}"),
		Text("nested-duplicate", "a duplicate one level down", `{"a":1,"b":{"c":2,"c":3}}`),
		Text("escaped-duplicate", "a duplicate only once the escape is decoded", `{"a":1,"\u0061":2}`),
		Text("reversed-pair", "a reversed surrogate pair", `["\udc00\ud800"]`),
		Text("high-then-not-low", "a high surrogate followed by an escape that is not a low one", `["\ud800\u0041"]`),
		Text("overlong-and-above", "an overlong form and a value above U+10FFFF", "[\"\xc0\xaf\",\"\xf4\x90\x80\x80\"]"),
		Text("five-spellings", "one double, five spellings", `[1E+2,100.0,1e2,0.01e4,100]`),
		Text("odd-past-2^53", "odd integers past 2^53 that round to even", `[9007199254740993,9007199254740995,-9007199254740993,18014398509481985]`),
		Text("double-range-ends", "the ends of the double range", `[5e-324,2.2250738585072014e-308,1.7976931348623157e308,4.9406564584124654e-324]`),
		Text("layout-ends", "both ends of Number::toString's plain layout", `[1e21,999999999999999999999,1e-7,0.0000001,0.000001,1e-6]`),
		Text("zeros", "zeros of both signs", `[-0,-0.0,-0e10,0e-10]`),
		Text("no-finite-double", "no finite double", `[1e400,-1e400]`),
		Text("noncharacters", "noncharacters, which RFC 8785 admits", "[\"\\uFDD0\\uFFFE\",\"\U0010ffff\"]"),
		Text("empty-names-nested", "empty names and a nested run", `{"":{"":{"":[[[[[[[[[[[]]]]]]]]]]]}}}`),
		Text("every-escape", "every escape, in both hex cases", `["\/\b\f\n\r\t\"\\\u0000\u001F\u007f\u2028\u00E9"]`),
		Text("trailing-comma-array", "a trailing comma", `[1,]`),
		Text("missing-colon", "a missing colon", `{"a" 1}`),
		Text("leading-zero-in-array", "a leading zero", `[01]`),
		Text("array-in-whitespace", "a top-level array in whitespace", "\t[ ]\r\n"),
		Text("top-level-literal", "a top-level literal", `true`),
	}
	for _, v := range Edge {
		seeds = append(seeds, Text("edge-"+v.Name, v.Comment, v.Input))
	}
	return seeds
}
