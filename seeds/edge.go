package seeds

// Vector is one probe input and what RFC 8785 (with RFC 7493 I-JSON, which
// it builds on) says about it.
type Vector struct {
	Name    string // short, stable, used as the subtest name
	Input   string // raw bytes, not necessarily valid UTF-8 or JSON
	RFC     string // the RFC 8785 canonical form; "" when the input is invalid
	Comment string // what the vector probes
}

// Edge is the edge-vector set of issue 3 and of the differential study in
// shared/seeds 002/004: ordering, duplicates, surrogates, numbers past 2^53,
// scalars at the top level, encoding faults. Every oracle adapter is
// pinned on it (fuzz/oracle/oraclepin), and the oracle targets start from
// it (OracleDocuments).
var Edge = []Vector{
	{"sort", `{"b":1,"a":2}`, `{"a":2,"b":1}`,
		"members sorted by name"},
	{"utf16-order", `{"😀":1,"\uE000":2}`, "{\"😀\":1,\"\uE000\":2}",
		"U+1F600 is D83D DE00 in UTF-16, below U+E000: emoji first (RFC 8785 3.2.3); code-point order puts it last"},
	{"duplicate", `{"a":1,"a":2}`, "",
		"a repeated name: I-JSON forbids it; JSON.parse keeps the last"},
	{"lone-surrogate-escaped", `["\ud800"]`, "",
		"an escaped lone surrogate is not a Unicode scalar value (RFC 7493 2.1)"},
	{"lone-surrogate-utf8", "[\"\xed\xa0\x80\"]", "",
		"a surrogate encoded in UTF-8 is ill-formed UTF-8"},
	{"invalid-utf8", "[\"\xff\"]", "",
		"a byte that never occurs in UTF-8"},
	{"2^53+1", `[9007199254740993]`, `[9007199254740992]`,
		"not a double: rounds to 2^53 (RFC 8785 3.2.2.3)"},
	{"2^53+1-top", `9007199254740993`, `9007199254740992`,
		"the same as a top-level scalar"},
	{"scalar-top", `"x"`, `"x"`,
		"a top-level string is a JSON text (RFC 8259 2)"},
	{"minus-zero", `[-0]`, `[0]`,
		"-0 is written 0"},
	{"1e21", `[1e21,1e-7,0.000001]`, `[1e+21,1e-7,0.000001]`,
		"the switch to exponent form, both ends"},
	{"overflow", `[1e400]`, "",
		"no finite double: cannot be written"},
	{"escapes", `["\u0041\u00e9\u001f\/\u2028"]`, "[\"A\u00e9\\u001f/\u2028\"]",
		"minimal escaping: only controls, quote and backslash are escaped"},
	{"whitespace", " {\t\"a\" :\n[ 1 , true ,null ] } ", `{"a":[1,true,null]}`,
		"insignificant whitespace dropped"},
	{"trailing", `{} x`, "",
		"content after the value"},
	{"bom", "\xef\xbb\xbf{}", "",
		"a byte order mark is not JSON (RFC 8259 8.1: MUST NOT add one)"},
	{"empty", ``, "",
		"no value at all"},
	{"integer-keys", `{"b":0,"10":1,"9":2}`, `{"10":1,"9":2,"b":0}`,
		"names that look like array indices sort as strings; JavaScript objects list them first, numerically"},
	{"proto-key", `{"__proto__":{"x":1},"a":0}`, `{"__proto__":{"x":1},"a":0}`,
		"a member named __proto__ is an ordinary member, not a prototype"},
	{"number-forms", `[1.0,1e0,0.1e1,-0.0,1E2,0.000001e-1]`, `[1,1,1,0,100,1e-7]`,
		"one number, many spellings: one canonical form each"},
	{"controls", `["\u0000\u001f\u007f\"\\"]`, `["\u0000\u001f` + "\x7f" + `\"\\"]`,
		"controls below U+0020 escaped in lower-case hex, DEL written raw"},
}
