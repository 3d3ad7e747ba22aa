package spec

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzGlobMatchesReference (fuzz/bound): bound.CompileGlob, bit-parallel
// and position-set, against bound.ReferenceGlob, its RE2 translation.
var _ = register(Target{
	Name: "FuzzGlobMatchesReference", Stub: "fuzz/bound/glob_test.go",
	Checks:  "CompileGlob, bit-parallel and position-set, agrees with the RE2 translation",
	Input:   "a pattern and a value",
	Oracles: []string{"bound.ReferenceGlob (RE2)"},
	GoFuzz:  true,
	Seeds: []seeds.Seed{
		seeds.Of("star-no-separator", "section 3.2.4: acme/* must not admit acme/app/sub", "acme/*", "acme/app/sub"),
		seeds.Of("star-one-level", "acme/* admits acme/app", "acme/*", "acme/app"),
		seeds.Of("double-star", "acme/** admits any depth", "acme/**", "acme/app/sub/x"),
		seeds.Of("question-separator", "? never matches /", "a?b", "a/b"),
		seeds.Of("negated-class-separator", "a negated class never matches /", "a[!x]b", "a/b"),
		seeds.Of("class-range", "a range class", "v[0-9]", "v7"),
		seeds.Of("escaped-star", "an escaped metacharacter is literal", `a\*`, "a*"),
		seeds.Of("pathological", "a pattern that backtracks exponentially in a naive matcher", "**a**a**a**a**a**b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
		seeds.Of("negated-slash", "a negated class naming /", "[!/]", "/"),
		seeds.Of("class-of-slash", "a class of / alone", "[/]", "/"),
		seeds.Of("range-over-slash", "a range that spans /", "[.-0]", "/"),
		seeds.Of("escaped-range-over-slash", "an escaped range end that spans /", `[\--/]`, "."),
		seeds.Of("mixed-stars", "stars and a globstar with a question mark", "a**b*c?", "a/x/bqcz"),
		seeds.Of("caret-bracket", "a negated class whose first member is ]", "[^]]", "]"),
		seeds.Of("escaped-range", "a range between escapes", `[\\-\]]`, "\\"),
		seeds.Of("empty-segment", "stars around a globstar and an empty segment", "*/**/*", "a//b"),
		seeds.Of("non-ascii-star", "a star after a non-ASCII letter, then /", "é*", "é/"),
		seeds.Of("non-ascii-range", "a range of non-ASCII letters", "[é-ü]", "ö"),
		seeds.Of("unterminated", "an unterminated class", "[", ""),
		seeds.Of("trailing-backslash", "a trailing backslash", `\`, ""),
		seeds.Of("reversed-range", "a reversed range", "[b-a]", "a"),
		seeds.Of("globstars", "globstars between letters", "**a**a**b", "aaaa"),
		seeds.Of("past-63-tokens", "past 63 tokens: the position-set matcher", strings.Repeat("a?", 40)+"*", strings.Repeat("ab", 40)+"/"),
		seeds.Of("many-stars", "forty stars", strings.Repeat("*x", 40), strings.Repeat("yx", 40)),
	},
	Planted: []Variant{
		{Fault: "* crossing /", Impl: []property.GlobMatcher{{Name: "GlobStarCrossesSlash", Compile: planted.GlobStarCrossesSlash}}, Efficacy: true},
	},
}, onArgs([]property.GlobMatcher{
	{Name: "Match", Compile: property.BoundGlob},
	{Name: "MatchPositionSet", Compile: property.BoundGlobPositionSet},
}, property.GlobMatchesReference))
