package bound

import (
	"errors"
	"strings"
	"testing"
)

// TestClassEscapeRefusals: inside a class, as outside it, a backslash may
// only escape a metacharacter (SEP-3246 section 3.2.4 leaves the rest
// undefined, and this dialect refuses it), and a class may not end in a
// backslash; both compilers refuse at the backslash.
func TestClassEscapeRefusals(t *testing.T) {
	for _, c := range []struct {
		pattern string
		offset  int
		reason  string
	}{
		{`[\a]`, 1, "not a metacharacter"},
		{`x[b\c]`, 3, "not a metacharacter"},
		{`[a-\q]`, 3, "not a metacharacter"},
		{`[\`, 1, "trailing backslash"},
		{`[a-\`, 3, "trailing backslash"},
	} {
		for name, compile := range map[string]func(string) error{
			"CompileGlob":   func(p string) error { _, err := CompileGlob(p); return err },
			"ReferenceGlob": func(p string) error { _, err := ReferenceGlob(p); return err },
		} {
			var ge *GlobError
			if err := compile(c.pattern); !errors.As(err, &ge) || ge.Offset != c.offset || !strings.Contains(ge.Reason, c.reason) {
				t.Errorf("%s(%q) = %v, want a GlobError at %d (%s)", name, c.pattern, err, c.offset, c.reason)
			}
		}
	}
	for _, ok := range []string{`[\]]`, `[\\]`, `[\-]`, `[\*\?\[]`} {
		if _, err := CompileGlob(ok); err != nil {
			t.Errorf("CompileGlob(%q) = %v, want an escaped metacharacter admitted", ok, err)
		}
	}
}

// TestHierarchicalPatternRefusesNUL: a NUL in a glob's literal text, raw or
// percent-encoded, is refused under the hierarchical reading, as it is in a
// value (canon_path.go): a server's path API cuts the string there.
func TestHierarchicalPatternRefusesNUL(t *testing.T) {
	for _, p := range []string{"/data/a%00b/*", "/data/a\x00/*", "/data/%2500/*", "/x%00"} {
		if _, err := canonGlob(p, ModeHierarchical, false); !errors.Is(err, ErrNotCanonical) || !strings.Contains(err.Error(), "NUL") {
			t.Errorf("canonGlob(%q, hierarchical) = %v, want the NUL refused", p, err)
		}
	}
	if _, err := canonGlob("/data/a%41b/*", ModeHierarchical, false); err != nil {
		t.Errorf("canonGlob of a pattern without NUL: %v", err)
	}
}

// TestToolMustBeAString: a rule whose tool is not a string is malformed at
// the tool's pointer, whatever the value is; the bound is not read around
// it.
func TestToolMustBeAString(t *testing.T) {
	for _, tool := range []string{`1`, `null`, `true`, `["read"]`, `{"name":"read"}`} {
		raw := `{"v":1,"chain":[{"component":"a","bound":[{"tool":"read"},{"tool":` + tool + `}]}]}`
		var me *MalformedError
		if _, err := Parse([]byte(raw)); !errors.As(err, &me) || me.Pointer != "/chain/0/bound/1/tool" || !strings.Contains(me.Reason, "string") {
			t.Errorf("tool %s: %v, want malformed at /chain/0/bound/1/tool", tool, err)
		}
	}
}

// TestCallMustBeAnObject: a call that is not an object is malformed as a
// whole (pointer ""), not read as an object without a name.
func TestCallMustBeAnObject(t *testing.T) {
	for _, raw := range []string{`[1]`, `"read"`, `null`, `7`} {
		var me *MalformedError
		if _, err := ParseCall([]byte(raw)); !errors.As(err, &me) || me.Pointer != "" {
			t.Errorf("ParseCall(%s) = %v, want malformed at the whole document", raw, err)
		}
	}
}

// TestMeetBoundsPairCap: MaxPairs is 65536 rule pairs (1 << 16, documented
// in meet_rules.go): 256 by 256 rules of one tool are met, 257 by 256 fail
// with ErrTooLarge before any is met.
func TestMeetBoundsPairCap(t *testing.T) {
	rules := func(n int) Bound {
		b := make(Bound, n)
		for i := range b {
			b[i] = Rule{Tool: "t"}
		}
		return b
	}
	if MaxPairs != 65536 {
		t.Fatalf("MaxPairs = %d, the documentation says 1 << 16", MaxPairs)
	}
	if m, err := MeetBounds(rules(256), rules(256), Canon{}); err != nil || len(m) != 1 {
		t.Fatalf("256 x 256 pairs: %v, %d rules; want one rule", err, len(m))
	}
	if _, err := MeetBounds(rules(257), rules(256), Canon{}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("257 x 256 pairs: %v, want ErrTooLarge", err)
	}
}
