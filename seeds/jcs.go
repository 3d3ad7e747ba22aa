package seeds

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
	}
}

// appendixBBits are the IEEE 754 bit patterns of RFC 8785 Appendix B, whose
// expected ECMAScript forms the number formatter must produce.
var appendixBBits = []uint64{
	0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
	0x7fefffffffffffff, 0xffefffffffffffff, 0x4340000000000000, 0xc340000000000000,
	0x4430000000000000, 0x44b52d02c7e14af5, 0x44b52d02c7e14af6, 0x44b52d02c7e14af7,
	0x444b1ae4d6e2ef4e, 0x444b1ae4d6e2ef4f, 0x444b1ae4d6e2ef50, 0x3eb0c6f7a0b5ed8c,
	0x3eb0c6f7a0b5ed8d, 0x41b3de4355555553, 0x41b3de4355555554, 0x41b3de4355555555,
	0x41b3de4355555556, 0x41b3de4355555557, 0xbecbf647612f3696, 0x43143ff3c1cb0959,
}

func jcsTargets() []Target {
	documents := append(rfcSamples(), admitInputs()...)
	var withProfile []Seed
	for _, s := range documents {
		withProfile = append(withProfile, Seed{Name: s.Name, Comment: s.Comment, Values: []any{s.Values[0], false}})
	}
	withProfile = append(withProfile, Seed{Name: "incumbent-2^53+1-ijson", Comment: "2^53+1 under I-JSON: refused instead of rewritten",
		Values: []any{[]byte(`{"id":9007199254740993}`), true}})
	var bits []Seed
	for _, b := range appendixBBits {
		bits = append(bits, Seed{Name: "appendix-b-" + hex16(b), Comment: "RFC 8785 Appendix B", Values: []any{b}})
	}
	tokens := []Seed{
		{Name: "awkward", Comment: "RFC 8785's 333333333.33333329, written 333333333.3333333", Values: []any{"333333333.33333329"}},
		{Name: "exponent-upper", Comment: "1E30, written 1e+30", Values: []any{"1E30"}},
		{Name: "tiny", Comment: "0.000000000000000000000000001, written 1e-27", Values: []any{"0.000000000000000000000000001"}},
		{Name: "2^53+1", Comment: "9007199254740993 rounds to 9007199254740992", Values: []any{"9007199254740993"}},
		{Name: "negative-zero", Comment: "-0.0, written 0", Values: []any{"-0.0"}},
	}
	strs := []Seed{
		{Name: "controls", Comment: "every control character, escaped minimally", Values: []any{"\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f", uint64(0)}},
		{Name: "quote-backslash-solidus", Comment: "the quote and backslash escaped, the solidus not", Values: []any{`"\/`, uint64(1)}},
		{Name: "non-ascii", Comment: "non-ASCII written literally", Values: []any{"é€😀\uFFFF", uint64(2)}},
	}
	return []Target{
		{Name: "FuzzCanonicalizeFixedPoint", Dir: "targets/jcs", Seeds: withProfile},
		{Name: "FuzzWriterNeverPanics", Dir: "targets/jcs", Seeds: documents},
		{Name: "FuzzCanonicalizeMatchesJSONText", Dir: "targets/jcs", Seeds: documents},
		{Name: "FuzzCompareUTF16MatchesReference", Dir: "targets/jcs", Seeds: keyOrderPairs()},
		{Name: "FuzzAppendNumberMatchesReference", Dir: "targets/jcs", Seeds: bits},
		{Name: "FuzzNumberTokenMatchesReference", Dir: "targets/jcs", Seeds: tokens},
		{Name: "FuzzAppendStringMatchesReference", Dir: "targets/jcs", Seeds: strs},
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
