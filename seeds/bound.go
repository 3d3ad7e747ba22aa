package seeds

// SEP-3246 Appendix A.1: the host's originating hop, and the chain after the
// planner narrows it.
const (
	sepStage1 = `{"v":1,"chain":[{"component":"host","bound":[` +
		`{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}},` +
		`{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]}]}`
	sepStage2 = `{"v":1,"chain":[{"component":"host","bound":[` +
		`{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}},` +
		`{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]},` +
		`{"component":"planner","bound":[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]}]}`
	sepReamplified = `{"v":1,"chain":[{"component":"host","bound":[` +
		`{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}}]},` +
		`{"component":"planner","bound":[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]},` +
		`{"component":"worker","bound":[{"tool":"create_issue","args":{"repo":{"in":["acme/app","evil/pwn"]}}}]}]}`
)

func boundTargets() []Target {
	parse := []Seed{
		bytesSeed("sep-a1-stage1", "SEP-3246 A.1 stage 1: the host originates a one-hop chain", sepStage1),
		bytesSeed("sep-a1-stage2", "SEP-3246 A.1 stage 2: the planner narrows create_issue to acme/app", sepStage2),
		bytesSeed("sep-a1-reamplified", "SEP-3246 A.1: a worker's hop wider than what it received", sepReamplified),
		bytesSeed("empty-chain", "section 3.1: an empty chain admits nothing", `{"v":1,"chain":[]}`),
		bytesSeed("empty-bound", "section 3.1: an empty bound is full revocation", `{"v":1,"chain":[{"component":"host","bound":[]}]}`),
		bytesSeed("unknown-version", "section 2.2: an unknown v fails closed", `{"v":2,"chain":[]}`),
		bytesSeed("unknown-operator", "section 3.2: regex is not an operator", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"regex":".*"}}}]}]}`),
		bytesSeed("two-operators", "two operators in one constraint object", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"eq":1,"in":[1]}}}]}]}`),
		bytesSeed("glob-unterminated", "section 3.2.4: an unterminated class is malformed", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"glob":"[ab"}}}]}]}`),
		bytesSeed("and-nested", "and of prefix and glob", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"p":{"and":[{"prefix":"/srv/"},{"glob":"/srv/*/x"}]}}}]}]}`),
		bytesSeed("sig-ignored", "section 2.2: sig is ignored", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t"}]}],"sig":"x"}`),
		bytesSeed("duplicate-member", "a duplicate bound member: refused by admission before anything reads it", `{"v":1,"chain":[{"component":"h","bound":[],"bound":[{"tool":"t"}]}]}`),
	}
	glob := func(name, comment, pattern, value string) Seed {
		return Seed{Name: name, Comment: comment, Values: []any{pattern, value}}
	}
	globs := []Seed{
		glob("star-no-separator", "section 3.2.4: acme/* must not admit acme/app/sub", "acme/*", "acme/app/sub"),
		glob("star-one-level", "acme/* admits acme/app", "acme/*", "acme/app"),
		glob("double-star", "acme/** admits any depth", "acme/**", "acme/app/sub/x"),
		glob("question-separator", "? never matches /", "a?b", "a/b"),
		glob("negated-class-separator", "a negated class never matches /", "a[!x]b", "a/b"),
		glob("class-range", "a range class", "v[0-9]", "v7"),
		glob("escaped-star", "an escaped metacharacter is literal", `a\*`, "a*"),
		glob("pathological", "a pattern that backtracks exponentially in a naive matcher", "**a**a**a**a**a**b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
	}
	canon := func(name, comment, value string) Seed {
		return Seed{Name: name, Comment: comment, Values: []any{value, false}}
	}
	canons := []Seed{
		canon("climb-above-root", "section 3.2.2: /repo/../../etc/passwd climbs above its root", "/repo/../../etc/passwd"),
		canon("dot-segments", "dot segments and repeated separators", "/srv/./acme//app/"),
		canon("double-encoded", "percent-encoding decoded to a fixed point", "/srv/%252e%252e/x"),
		canon("nfd", "NFD input normalized to NFC", "/srv/e\u0301"),
		canon("bad-utf8-after-decoding", "%ff decodes to a byte that is not UTF-8", "/srv/%ff"),
	}
	return []Target{
		{Name: "FuzzParse", Dir: "targets/bound", Seeds: parse},
		{Name: "FuzzGlobMatchesReference", Dir: "targets/bound", Seeds: globs},
		{Name: "FuzzCanonIdempotent", Dir: "targets/bound", Seeds: canons},
	}
}
