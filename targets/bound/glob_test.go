package bound

import (
	"errors"
	"strings"
	"testing"
)

// globCases pin SEP-3246 section 3.2.4, row by row.
var globCases = []struct {
	pattern, value string
	want           bool
}{
	{"acme/*", "acme/app", true},
	{"acme/*", "acme/app/sub", false}, // '*' never crosses '/' (the section's own example)
	{"acme/**", "acme/app/sub", true},
	{"acme/**", "acme/", true},
	{"acme/**", "acme", false},
	{"*", "", true},
	{"*", "a/b", false},
	{"**", "a/b", true},
	{"a?c", "abc", true},
	{"a?c", "a/c", false}, // '?' never matches '/'
	{"a?c", "ac", false},
	{"a?c", "aéc", true}, // one character is one code point
	{"[abc]x", "bx", true},
	{"[abc]x", "dx", false},
	{"[a-z]", "q", true},
	{"[a-z]", "Q", false},
	{"[!abc]", "d", true},
	{"[^abc]", "a", false},
	{"a[!b]c", "a/c", false},  // negated class never matches '/'
	{"a[+-0]c", "a/c", false}, // nor a range spanning '/'
	{"a[+-0]c", "a.c", true},
	{`\*`, "*", true},
	{`\*`, "x", false},
	{`\?\[\]\\`, `?[]\`, true},
	{`[\]]`, "]", true},
	{"[a-]", "-", true},
	{"[-a]", "-", true},
	{"a]", "a]", true},
	{"abc", "xabcx", false}, // anchored at both ends
	{"abc", "abcx", false},
	{"abc", "xabc", false},
	{"***", "a/b/c", true},
	{"a*b*c", "aXbYc", true},
	{"a*b*c", "aXb/Yc", false},
	{"**/x", "a/b/x", true},
	{"**/x", "x", false},
}

func TestGlobDialect(t *testing.T) {
	for _, c := range globCases {
		g, err := CompileGlob(c.pattern)
		if err != nil {
			t.Fatalf("CompileGlob(%q): %v", c.pattern, err)
		}
		if got := g.Match(c.value); got != c.want {
			t.Errorf("glob %q against %q = %v, want %v", c.pattern, c.value, got, c.want)
		}
		re, err := ReferenceGlob(c.pattern)
		if err != nil {
			t.Fatalf("ReferenceGlob(%q): %v", c.pattern, err)
		}
		if got := re.MatchString(c.value); got != c.want {
			t.Errorf("reference %q against %q = %v, want %v", c.pattern, c.value, got, c.want)
		}
	}
}

func TestGlobInvalid(t *testing.T) {
	for _, c := range []struct {
		pattern string
		offset  int
		reason  string
	}{
		{"a[bc", 1, "unterminated"},
		{"[", 0, "unterminated"},
		{`a\`, 1, "trailing backslash"},
		{`[a\`, 2, "trailing backslash"},
		{"[z-a]", 1, "reversed range"},
		{"[]", 0, "empty class"},
		{"[!]", 0, "empty class"},
		{`\a`, 0, "not a metacharacter"},
		{`\/`, 0, "not a metacharacter"},
		{"[[:alpha:]]", 1, "POSIX"},
		{"\xff", 0, "UTF-8"},
	} {
		for name, compile := range map[string]func(string) error{
			"fast":      func(p string) error { _, err := CompileGlob(p); return err },
			"reference": func(p string) error { _, err := ReferenceGlob(p); return err },
		} {
			err := compile(c.pattern)
			var ge *GlobError
			if !errors.As(err, &ge) || !errors.Is(err, ErrGlobSyntax) {
				t.Errorf("%s %q: error %v, want a *GlobError", name, c.pattern, err)
				continue
			}
			if ge.Offset != c.offset || !strings.Contains(ge.Reason, c.reason) {
				t.Errorf("%s %q: got offset %d %q, want %d %q", name, c.pattern, ge.Offset, ge.Reason, c.offset, c.reason)
			}
		}
	}
}

func TestGlobInvalidUTF8ValueMatchesNothing(t *testing.T) {
	g, err := CompileGlob("**")
	if err != nil {
		t.Fatal(err)
	}
	if g.Match("a\xffb") {
		t.Error("** matched a string that is not UTF-8")
	}
}
