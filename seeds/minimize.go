package seeds

// MinimizerProbes each probe one corner of the minimizer's tokenizer and
// stages.
func MinimizerProbes() []Seed {
	return []Seed{
		Text("duplicate", "a duplicate", `{"a":1,"a":2}`),
		Text("nesting-escape", "nesting and an escape", `{"a":[1,{"b":"\u00e9"}]}`),
		Text("stray-closers", "stray closers, an unterminated string", `]]}{"\`),
		Text("pair-no-double", "a surrogate pair, a number with no double", `["\ud83d\ude00", 1e999]`),
		Text("chain", "a provenance chain", `{"v":1,"chain":[{"component":"g","bound":[{"tool":"t","args":{"p":{"prefix":"/a"}}}]}]}`),
		Text("binary", "bytes that are not JSON at all", "\xff\xfe{\x00:,,]"),
	}
}
