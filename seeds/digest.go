package seeds

// DigestArguments are the 13 argument vectors of the action-digest probe
// (draft-lee-wimse-local-tool-call-proof-00, section 5), each of which the
// probe ran through three JCS libraries.
var DigestArguments = []struct{ name, comment, arguments string }{
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

// DigestSums are the arguments texts of the probe under both profiles, and
// a few more that reach Sum's refusals.
func DigestSums() []Seed {
	var sums []Seed
	for _, v := range DigestArguments {
		sums = append(sums, Of(v.name+"-rfc8785", v.comment, v.arguments, false), Of(v.name+"-ijson", v.comment, v.arguments, true))
	}
	return append(sums,
		Of("nested-escaped", "nested, escaped", `{"a":{"b":[1,"\u0000",{"c":null}]}}`, true),
		Of("brackets-in-strings", "brackets and quotes inside strings", `{"\"}":"{\"a\":1}"}`, false),
		Of("not-an-object", "arguments that are not an object: WrongType", `[1,2]`, false),
		Of("unsafe-under-ijson", "refused under I-JSON only", `{"id":9007199254740993}`, true))
}

// DigestRequests are the probe's arguments as tools/call requests, and
// requests that reach the parser's other paths.
func DigestRequests() []Seed {
	var requests []Seed
	for _, v := range DigestArguments {
		requests = append(requests, Text(v.name, v.comment,
			`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":`+v.arguments+`}}`))
	}
	return append(requests,
		Text("invocation-object", "the plain {method, name, arguments} form", `{"method":"tools/call","name":"read_file","arguments":{"path":"/srv/acme/a"}}`),
		Text("duplicate-name", "two names in params: a server that keeps the last reads a different call", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","name":"delete_file","arguments":{}}}`),
		Text("not-tools-call", "a request that is not tools/call", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`),
		Text("bracket-in-string", "a closing bracket inside a string in the arguments", `{"method":"tools/call","name":"x","arguments":{"a":[{"b":"]}"}]}}`),
		Text("escaped-member-name", "an escaped member name in params", `{"jsonrpc":"2.0","method":"tools/call","params":{"n\u0061me":"x","arguments":{}}}`),
	)
}
