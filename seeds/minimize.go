package seeds

// minimizeSeeds each probe one corner of the minimizer's tokenizer and
// stages.
func minimizeSeeds() []Seed {
	return []Seed{
		bytesSeed("duplicate", "a duplicate", `{"a":1,"a":2}`),
		bytesSeed("nesting-escape", "nesting and an escape", `{"a":[1,{"b":"\u00e9"}]}`),
		bytesSeed("stray-closers", "stray closers, an unterminated string", `]]}{"\`),
		bytesSeed("pair-no-double", "a surrogate pair, a number with no double", `["\ud83d\ude00", 1e999]`),
		bytesSeed("chain", "a provenance chain", `{"v":1,"chain":[{"component":"g","bound":[{"tool":"t","args":{"p":{"prefix":"/a"}}}]}]}`),
		bytesSeed("binary", "bytes that are not JSON at all", "\xff\xfe{\x00:,,]"),
	}
}

func minimizeTargets() []Target {
	return []Target{
		{Name: "FuzzStructureSpans", Seeds: minimizeSeeds()},
		{Name: "FuzzMinimizeKeepsTheSignature", Seeds: minimizeSeeds()},
	}
}
