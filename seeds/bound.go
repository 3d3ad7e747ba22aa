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

// appendixHost is SEP-3246 Appendix A.1's host hop, written over lines.
const appendixHost = `{"v":1,"chain":[{"component":"host","bound":[
 {"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}},
 {"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]}]}`

// Provenances are provenance objects of SEP-3246: its Appendix A.1
// example at each stage, and one object for each rule of sections 2.2,
// 3.1, 3.2 and 3.3 a parser must apply.
func Provenances() []Seed {
	return []Seed{
		Text("sep-a1-host", "SEP-3246 A.1 stage 1, written over lines", appendixHost),
		Text("sep-a1-stage1", "SEP-3246 A.1 stage 1: the host originates a one-hop chain", sepStage1),
		Text("sep-a1-stage2", "SEP-3246 A.1 stage 2: the planner narrows create_issue to acme/app", sepStage2),
		Text("sep-a1-reamplified", "SEP-3246 A.1: a worker's hop wider than what it received", sepReamplified),
		Text("empty-chain", "section 3.1: an empty chain admits nothing", `{"v":1,"chain":[]}`),
		Text("empty-bound", "section 3.1: an empty bound is full revocation", `{"v":1,"chain":[{"component":"host","bound":[]}]}`),
		Text("unknown-version", "section 2.2: an unknown v fails closed", `{"v":2,"chain":[]}`),
		Text("unknown-operator", "section 3.2: regex is not an operator", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"regex":".*"}}}]}]}`),
		Text("two-operators", "two operators in one constraint object", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"eq":1,"in":[1]}}}]}]}`),
		Text("glob-unterminated", "section 3.2.4: an unterminated class is malformed", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"glob":"[ab"}}}]}]}`),
		Text("and-nested", "and of prefix and glob", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"p":{"and":[{"prefix":"/srv/"},{"glob":"/srv/*/x"}]}}}]}]}`),
		Text("and-of-three-two-hops", "an and of glob, prefix and in, met with a star", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"and":[{"glob":"a/**"},{"prefix":"a/"},{"in":[1,"a/b",{"x":[]}]}]}}}]},{"component":"g","bound":[{"tool":"t","args":{"a":{"glob":"*"}}}]}]}`),
		Text("prefix-meets-glob", "section 3.3: a prefix hop met with a glob hop; the meet keeps both",
			`{"v":1,"chain":[{"component":"a","bound":[{"tool":"t","args":{"p":{"prefix":"/srv/"}}}]},{"component":"b","bound":[{"tool":"t","args":{"p":{"glob":"/srv/*.txt"}}}]}]}`),
		Text("sig-ignored", "section 2.2: sig is ignored", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t"}]}],"sig":"x"}`),
		Text("duplicate-member", "a duplicate bound member: refused by admission before anything reads it", `{"v":1,"chain":[{"component":"h","bound":[],"bound":[{"tool":"t"}]}]}`),
	}
}
