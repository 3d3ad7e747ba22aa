package seeds

import "github.com/canonfuzz/canonfuzz/fuzz/gen"

// digestArguments are the 13 argument vectors of the action-digest probe
// (draft-lee-wimse-local-tool-call-proof-00, section 5), each of which the
// probe ran through three JCS libraries.
var digestArguments = []struct{ name, comment, arguments string }{
	{"key-order-a", "member order a, b: one digest with key-order-b", `{"a":2,"b":1}`},
	{"key-order-b", "member order b, a", `{"b":1,"a":2}`},
	{"number-1", "1: one digest with 1.0 and 1e0", `{"n":1}`},
	{"number-1.0", "1.0", `{"n":1.0}`},
	{"number-1e0", "1e0", `{"n":1e0}`},
	{"escape-u00e9", "\\u00e9: one digest with the literal", `{"s":"\u00e9"}`},
	{"literal-e-acute", "a literal U+00E9", `{"s":"é"}`},
	{"decomposed-e-acute", "e U+0301: a different digest, RFC 8785 does not normalize", "{\"s\":\"e\u0301\"}"},
	{"id-2^53", "9007199254740992", `{"id":9007199254740992}`},
	{"id-2^53+1", "9007199254740993: collapses onto 2^53 under rfc8785, refused under ijson", `{"id":9007199254740993}`},
	{"id-2^53+2", "9007199254740994: exact as a double, refused under ijson", `{"id":9007199254740994}`},
	{"duplicate-a", "{a:1,a:2}: the libraries hash {a:2}; refused here", `{"a":1,"a":2}`},
	{"single-a", "{a:2}", `{"a":2}`},
}

// generatedCalls are FuzzDigestRepresentationInvariant's generator inputs,
// each with the feature of the arguments gen.GenerateCall makes of it
// (TestGeneratedSeeds holds each to it).
var generatedCalls = []struct {
	data    string
	feature gen.Feature
	probe   string
}{
	{"", 0, `id 0, name "", arguments {}`},
	{"\xcbb\xc0\x8eN", gen.OrderDivide, `arguments {"\ue000":null,"\U00010000":null}: UTF-16 order within arguments`},
	{"\xd9\xd2\x00p\xd5\xb5\xea\x05", gen.Noncharacter, `argument names with U+FDD0 after a shared prefix`},
	{"M\xf8\x9c\xde\xe1\xb09", gen.Control, `argument names with NUL, which is escaped`},
	{"\bn`\xcc\a&\xf3q\xc92\x1e\xce", gen.ExponentForm, `an argument 1e-43`},
	{"J\x96\f\xbfX\x12P\x8e\xde#H\x8a", gen.BeyondTwo53, `an argument 9.999999999999999e+244, an integer far above 2^53, and a _meta member`},
	{"]\xcab.\xc1`\x01\xdf\x98U\x17\xf0Z\xba\xbeKX", gen.NegativeZero, `an argument -0, a name beginning with U+E0001, _meta`},
	{"\xc4\x1a\xfcN\xa7\\\b\xbd/G", gen.Deep, `an argument nested about 100 arrays deep`},
	{"\xb6\xbe\x01\xb0Y\xe6\xd5S\v<^m\xda", gen.Long, `a long argument name`},
}

func digestTargets() []Target {
	var sums, requests []Seed
	for _, v := range digestArguments {
		for _, ijson := range []bool{false, true} {
			name := v.name + "-rfc8785"
			if ijson {
				name = v.name + "-ijson"
			}
			sums = append(sums, Seed{Name: name, Comment: v.comment, Values: []any{v.arguments, ijson}})
		}
		requests = append(requests, bytesSeed(v.name, v.comment,
			`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":`+v.arguments+`}}`))
	}
	sum := func(name, comment, args string, ijson bool) Seed {
		return Seed{Name: name, Comment: comment, Values: []any{args, ijson}}
	}
	sums = append(sums,
		sum("nested-escaped", "nested, escaped", `{"a":{"b":[1,"\u0000",{"c":null}]}}`, true),
		sum("brackets-in-strings", "brackets and quotes inside strings", `{"\"}":"{\"a\":1}"}`, false),
		sum("not-an-object", "arguments that are not an object: WrongType", `[1,2]`, false),
		sum("unsafe-under-ijson", "refused under I-JSON only", `{"id":9007199254740993}`, true))
	requests = append(requests,
		bytesSeed("invocation-object", "the plain {method, name, arguments} form", `{"method":"tools/call","name":"read_file","arguments":{"path":"/srv/acme/a"}}`),
		bytesSeed("duplicate-name", "two names in params: a server that keeps the last reads a different call", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","name":"delete_file","arguments":{}}}`),
		bytesSeed("not-tools-call", "a request that is not tools/call", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`),
		bytesSeed("bracket-in-string", "a closing bracket inside a string in the arguments", `{"method":"tools/call","name":"x","arguments":{"a":[{"b":"]}"}]}}`),
		bytesSeed("escaped-member-name", "an escaped member name in params", `{"jsonrpc":"2.0","method":"tools/call","params":{"n\u0061me":"x","arguments":{}}}`),
	)
	var calls []Seed
	for i, s := range generatedCalls {
		calls = append(calls, Seed{Name: "call-" + hex16(uint64(i)), Comment: s.probe, Values: []any{[]byte(s.data)}})
	}
	return []Target{
		{Name: "FuzzSumMatchesCanonicalize", Seeds: sums},
		{Name: "FuzzParseNeverPanics", Seeds: requests},
		{Name: "FuzzDigestRequestInvariant", Seeds: requests},
		{Name: "FuzzDigestRepresentationInvariant", Seeds: calls},
	}
}
