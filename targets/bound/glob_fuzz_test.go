package bound

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzGlobMatchesReference compares CompileGlob+Match with ReferenceGlob
// (an independent translation to RE2): same verdict on every pattern, same
// answer on every value.
func FuzzGlobMatchesReference(f *testing.F) {
	for _, c := range globCases {
		f.Add(c.pattern, c.value)
	}
	for _, s := range [][2]string{
		{"[!/]", "/"}, {"[/]", "/"}, {"[.-0]", "/"}, {`[\--/]`, "."}, {"a**b*c?", "a/x/bqcz"},
		{"[^]]", "]"}, {`[\\-\]]`, "\\"}, {"*/**/*", "a//b"}, {"é*", "é/"}, {"[é-ü]", "ö"},
		{"[", ""}, {`\`, ""}, {"[b-a]", "a"}, {"**a**a**b", "aaaa"},
		{strings.Repeat("a?", 40) + "*", strings.Repeat("ab", 40) + "/"}, // past 63 tokens: the position-set matcher
		{strings.Repeat("*x", 40), strings.Repeat("yx", 40)},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, value string) {
		if !utf8.ValidString(value) {
			return
		}
		g, err := CompileGlob(pattern)
		re, rerr := ReferenceGlob(pattern)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("pattern %q: fast error %v, reference error %v", pattern, err, rerr)
		}
		if err != nil {
			if !errors.Is(err, ErrGlobSyntax) || !errors.Is(rerr, ErrGlobSyntax) {
				t.Fatalf("pattern %q: errors not typed: %v / %v", pattern, err, rerr)
			}
			return
		}
		want := re.MatchString(value)
		if got := g.Match(value); got != want {
			t.Fatalf("pattern %q value %q: fast %v, reference %v", pattern, value, got, want)
		}
		if got := g.matchSlow(value); got != want {
			t.Fatalf("pattern %q value %q: position-set matcher %v, reference %v", pattern, value, got, want)
		}
	})
}
