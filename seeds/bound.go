package seeds

import "strings"

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

// generatedGlobs are FuzzGlobGeneratedMatchesReference's generator inputs,
// each with the pattern gen.GenerateGlob makes of it (TestGeneratedSeeds
// holds each to it).
var generatedGlobs = []struct {
	data, pattern, probe string
}{
	{"", "", "the empty pattern, which matches only the empty value"},
	{"\xed<\x02", "*/a", "a star before a slash: the near miss //a needs * to take a '/'"},
	{"W\xfaM\x92", "/**/", "a globstar between slashes, which may match nothing"},
	{"\xba?;\x9f\x00\xe0", "[!/]a", "a negated class that names '/', which no class matches anyway"},
	{"5\xf6\xd9\xa3", "\\*?a", "an escaped star, literal, before a '?'"},
	{";Xw", "\u212aa", "the Kelvin sign, which folds to k, but globs do not fold"},
	{"\xef\xc1O\x10&", "e\u0301a", "a decomposed é: the composed one is another character"},
}

// generatedPairs are FuzzMeetExactOnSpellings's generator inputs, each with
// the pair gen.GenerateConstraintPair makes of it.
var generatedPairs = []struct {
	data, pair, probe string
}{
	{"", `eq "/srv/acme" / eq "/srv/acme"`, "one path, one spelling (dual)"},
	{"%\xae\vH`\xfa\xd9)\xa4\x8d\xe5C", `eq "/srv/acme-secrets" / eq "/srv/./acme-secrets"`, "a dot segment: equal once normalized (hierarchical)"},
	{"\xa6\xae\x14\xc6V\x128{\xe2f4\x83\xa0\xa9", `prefix "/srv/acme-secrets" / prefix "/srv//acme"`, "a doubled slash, and a sibling that shares a name prefix (hierarchical)"},
	{"\xd4^{\tB\xbdo>\xda\xf3z\x13\xb4", `prefix "caf\u00e9/." / prefix "cafe\u0301"`, "NFC against NFD, a dot segment kept (plain)"},
	{"r\xb0W\xff\xd8\x0e;&\x80\xd0\xef\a", `eq "caf\u00e9" / eq "cafe\u0301"`, "NFC against NFD, equal once normalized (dual)"},
	{"\xc8g\x18\x9e\xfcc\a\xd8\fa", `eq "cafe\u0301" / eq "caf\u00e9"`, "the same, plain and case-folded"},
	{"\u04b6\x06V\xe6n\x1b\xb8\xba\xb1[FD\xcd", `prefix "cafe\u0301" / prefix "caf\u00e9"`, "NFD against NFC as prefixes (dual)"},
}

func boundTargets() []Target {
	parse := []Seed{
		bytesSeed("sep-a1-host", "SEP-3246 A.1 stage 1, written over lines", appendixHost),
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
		bytesSeed("and-of-three-two-hops", "an and of glob, prefix and in, met with a star", `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"and":[{"glob":"a/**"},{"prefix":"a/"},{"in":[1,"a/b",{"x":[]}]}]}}}]},{"component":"g","bound":[{"tool":"t","args":{"a":{"glob":"*"}}}]}]}`),
		bytesSeed("prefix-meets-glob", "section 3.3: a prefix hop met with a glob hop; the meet keeps both",
			`{"v":1,"chain":[{"component":"a","bound":[{"tool":"t","args":{"p":{"prefix":"/srv/"}}}]},{"component":"b","bound":[{"tool":"t","args":{"p":{"glob":"/srv/*.txt"}}}]}]}`),
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
		glob("negated-slash", "a negated class naming /", "[!/]", "/"),
		glob("class-of-slash", "a class of / alone", "[/]", "/"),
		glob("range-over-slash", "a range that spans /", "[.-0]", "/"),
		glob("escaped-range-over-slash", "an escaped range end that spans /", `[\--/]`, "."),
		glob("mixed-stars", "stars and a globstar with a question mark", "a**b*c?", "a/x/bqcz"),
		glob("caret-bracket", "a negated class whose first member is ]", "[^]]", "]"),
		glob("escaped-range", "a range between escapes", `[\\-\]]`, "\\"),
		glob("empty-segment", "stars around a globstar and an empty segment", "*/**/*", "a//b"),
		glob("non-ascii-star", "a star after a non-ASCII letter, then /", "é*", "é/"),
		glob("non-ascii-range", "a range of non-ASCII letters", "[é-ü]", "ö"),
		glob("unterminated", "an unterminated class", "[", ""),
		glob("trailing-backslash", "a trailing backslash", `\`, ""),
		glob("reversed-range", "a reversed range", "[b-a]", "a"),
		glob("globstars", "globstars between letters", "**a**a**b", "aaaa"),
		glob("past-63-tokens", "past 63 tokens: the position-set matcher", strings.Repeat("a?", 40)+"*", strings.Repeat("ab", 40)+"/"),
		glob("many-stars", "forty stars", strings.Repeat("*x", 40), strings.Repeat("yx", 40)),
	}
	canon := func(name, comment, value string, fold bool) Seed {
		return Seed{Name: name, Comment: comment, Values: []any{value, fold}}
	}
	canons := []Seed{
		canon("climb-above-root", "section 3.2.2: /repo/../../etc/passwd climbs above its root", "/repo/../../etc/passwd", false),
		canon("dot-segments", "dot segments and repeated separators", "/srv/./acme//app/", false),
		canon("double-encoded", "percent-encoding decoded to a fixed point", "/srv/%252e%252e/x", false),
		canon("nfd", "NFD input normalized to NFC", "/srv/e\u0301", false),
		canon("bad-utf8-after-decoding", "%ff decodes to a byte that is not UTF-8", "/srv/%ff", false),
		canon("dots-and-slashes-folded", "dot segments, doubled and trailing slashes, folded", "/srv/./a/../b//", true),
		canon("encoded-dots", "an encoded .. twice encoded", "%252e%252e/x", false),
		canon("nfd-encoded", "NFD written percent-encoded", "cafe%CC%81", true),
		canon("climb-relative", "a relative path that climbs", "a/..", false),
		canon("uri", "a URI with a dot segment and a query", "https://h/a/./b?x", true),
		canon("titlecase-folded", "a titlecase digraph, raw and encoded, folded", "ǅ%C7%85", true),
		canon("kelvin", "K, which the Kelvin sign folds to", "K", true),
		canon("encoded-fragment", "an encoded '#': a name before decoding, a fragment after", "%23", false),
		canon("encoded-scheme", "an encoded ':' that makes a scheme", "ab%3Ac", false),
		canon("cherokee-folded", "a Cherokee capital, folded: x/text folds it to the small letter and back", "\u13ec", true),
	}
	pair := func(data, x, y string, fold bool, probe string) Seed {
		return Seed{Name: probe, Comment: probe, Values: []any{[]byte(data), x, y, fold}}
	}
	pairs := []Seed{
		pair("", "/srv/acme/x/a.txt", "/srv/acme/./x//q/../a.txt/", false, "dot segments and doubled and trailing slashes"),
		pair("\x01", "/srv/caf\u00e9/b", "/srv/cafe%CC%81/b", false, "NFC against percent-encoded NFD"),
		pair("\x02", "/srv/acme/%61", "/srv/acme/%2561", false, "an unreserved byte encoded once and twice"),
		pair("\x03", "/srv/acme/x", "/srv/acme/x%2F..%2F..", false, "an encoded separator: refused"),
		pair("\x04", "/srv/acme", "/srv/acme/x/%2e%2e", false, "an encoded dot segment: refused"),
		pair("\x05", "acme/app", "acme/app/../..", false, "a relative path climbing above its root: refused"),
		pair("\x06", "/srv/ACME/Readme", "/srv/acme/readme", true, "equal under case folding"),
		pair("\x07", "/srv/acme/a", "/srv/acme/b", false, "a different segment"),
		pair("\x08", "/srv/a+b@c=d;e", "/srv/a%2Bb%40c%3dd%3Be", false, "reserved bytes percent-encoded in a segment"),
		pair("\x09", "/", "/./", false, "the root"),
		pair("\x0a", "/srv/acme/x%00", "/srv/acme/x\\..", false, "a NUL and a backslash: refused"),
		pair("\x0b", "/srv/\uabbc", "/srv/\u13ec", true, "a Cherokee small letter and its capital: one resource under folding, which x/text folds back and forth"),
	}
	var meets, bounds []Seed
	for i := range 16 {
		meets = append(meets, Seed{Name: "pcg-" + hex16(uint64(i)), Comment: "a PRNG seed pair of the constraint generator", Values: []any{uint64(i), uint64(i*7 + 3)}})
	}
	meets = append(meets, Seed{Name: "raw-prefixes-nest", Values: []any{uint64(13148063854304952320), uint64(0)},
		Comment: `prefix "/srv/acme/../etc" and prefix "/srv/acme/": one extends the other as written, not once canonicalized`})
	for i := range 8 {
		bounds = append(bounds, Seed{Name: "pcg-" + hex16(uint64(i)), Comment: "a PRNG seed pair of the bound generator", Values: []any{uint64(i), uint64(i*13 + 1)}})
	}
	var generatedGlobSeeds, generatedPairSeeds []Seed
	for _, s := range generatedGlobs {
		generatedGlobSeeds = append(generatedGlobSeeds, Seed{Name: "pattern-" + s.pattern, Comment: s.probe, Values: []any{[]byte(s.data)}})
	}
	for _, s := range generatedPairs {
		generatedPairSeeds = append(generatedPairSeeds, Seed{Name: s.pair, Comment: s.probe, Values: []any{[]byte(s.data)}})
	}
	vectors := payloads("targets/bound/testdata/vectors", "the parse vectors", "kind: parse", false, asBytes)
	return []Target{
		{Name: "FuzzParse", Seeds: parse, Sources: []Source{vectors}},
		{Name: "FuzzGlobMatchesReference", Seeds: globs},
		{Name: "FuzzGlobGeneratedMatchesReference", Seeds: generatedGlobSeeds},
		{Name: "FuzzArgumentCanonicalizationIdempotent", Seeds: canons},
		{Name: "FuzzArgumentCanonicalization", Seeds: pairs},
		{Name: "FuzzMeetExact", Seeds: meets},
		{Name: "FuzzMeetBoundsExact", Seeds: bounds},
		{Name: "FuzzMeetExactOnSpellings", Seeds: generatedPairSeeds},
	}
}
