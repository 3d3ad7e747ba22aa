package digest

// seedVectors are the 13 argument vectors of the seed study of the draft's
// action digest (seed 000), each wrapped as
// {"method":"tools/call","name":"read_file","arguments":ARGUMENTS}. The
// seed's file spells the decomposed row with the composed bytes C3 A9, a
// transcription slip (its own label says e + U+0301); here it is decomposed.
var seedVectors = []struct {
	name      string
	arguments string
}{
	{"key order A", `{"a":2,"b":1}`},
	{"key order B", `{"b":1,"a":2}`},
	{"number 1", `{"n":1}`},
	{"number 1.0", `{"n":1.0}`},
	{"number 1e0", `{"n":1e0}`},
	{"escape \\u00e9", `{"s":"\u00e9"}`},
	{"literal é (U+00E9)", "{\"s\":\"\u00e9\"}"},
	{"decomposed e + U+0301", "{\"s\":\"e\u0301\"}"},
	{"id 2^53", `{"id":9007199254740992}`},
	{"id 2^53 + 1", `{"id":9007199254740993}`},
	{"id 2^53 + 2", `{"id":9007199254740994}`},
	{"duplicate keys {a:1,a:2}", `{"a":1,"a":2}`},
	{"single key {a:2}", `{"a":2}`},
}

// seedDigests are the digests of seedVectors under each profile, computed
// here and cross-checked against the cyberphone reference canonicalizer by
// TestSeedVectorsMatchCyberphone. A refused row names its admit kind.
var seedDigests = map[string]struct{ rfc8785, ijson string }{
	"key order A":              {"SvNziiDQy2N7oUymJf_c8qEk3nCFWD53lmDIRJxzn_k", "SvNziiDQy2N7oUymJf_c8qEk3nCFWD53lmDIRJxzn_k"},
	"key order B":              {"SvNziiDQy2N7oUymJf_c8qEk3nCFWD53lmDIRJxzn_k", "SvNziiDQy2N7oUymJf_c8qEk3nCFWD53lmDIRJxzn_k"},
	"number 1":                 {"J4Uqy6CAdKQINo2npun4U1fNSXMs4WakJuGeqKRdi5U", "J4Uqy6CAdKQINo2npun4U1fNSXMs4WakJuGeqKRdi5U"},
	"number 1.0":               {"J4Uqy6CAdKQINo2npun4U1fNSXMs4WakJuGeqKRdi5U", "J4Uqy6CAdKQINo2npun4U1fNSXMs4WakJuGeqKRdi5U"},
	"number 1e0":               {"J4Uqy6CAdKQINo2npun4U1fNSXMs4WakJuGeqKRdi5U", "J4Uqy6CAdKQINo2npun4U1fNSXMs4WakJuGeqKRdi5U"},
	"escape \\u00e9":           {"ln4Y4zkooFl0TQEfC2nec6H4T55UFkO_cl8Kv8NvG1w", "ln4Y4zkooFl0TQEfC2nec6H4T55UFkO_cl8Kv8NvG1w"},
	"literal é (U+00E9)":       {"ln4Y4zkooFl0TQEfC2nec6H4T55UFkO_cl8Kv8NvG1w", "ln4Y4zkooFl0TQEfC2nec6H4T55UFkO_cl8Kv8NvG1w"},
	"decomposed e + U+0301":    {"skfzYwNjiDUjGzfs_Nea0dZUNpIXmebauW2ik_elOrY", "skfzYwNjiDUjGzfs_Nea0dZUNpIXmebauW2ik_elOrY"},
	"id 2^53":                  {"ZHlh6tiqN3uceArY2xJai5tMi_r6alI4tBhIFo6a0hE", "UnsafeInteger"},
	"id 2^53 + 1":              {"ZHlh6tiqN3uceArY2xJai5tMi_r6alI4tBhIFo6a0hE", "UnsafeInteger"},
	"id 2^53 + 2":              {"HqnDx1fnnwIxNovbcNTvVOaMVaUfNWok1UJXhBc12nI", "UnsafeInteger"},
	"duplicate keys {a:1,a:2}": {"DuplicateMember", "DuplicateMember"},
	"single key {a:2}":         {"YjstGNj29uUnlN3Q0foQIAG1F_jZmCgbrUiOFaIAUA4", "YjstGNj29uUnlN3Q0foQIAG1F_jZmCgbrUiOFaIAUA4"},
}
