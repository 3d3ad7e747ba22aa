package jsonstring

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// Every character below U+0100, a few above, and the edges: written as
// section 3.2.2.2 says and read back by encoding/json as the same string.
func TestAppendEscapesOnlyWhatRFC8785Escapes(t *testing.T) {
	want := map[rune]string{'\b': `\b`, '\t': `\t`, '\n': `\n`, '\f': `\f`, '\r': `\r`, '"': `\"`, '\\': `\\`}
	rs := []rune{0x7f, 0x2028, 0x2029, 0xfeff, 0xffff, 0x10000, 0x10ffff}
	for r := rune(0); r < 0x100; r++ {
		rs = append(rs, r)
	}
	for _, r := range rs {
		got := string(Append(nil, string(r)))
		w, ok := want[r]
		switch {
		case ok:
		case r < 0x20:
			w = fmt.Sprintf(`\u%04x`, r)
		default:
			w = string(r)
		}
		if got != `"`+w+`"` {
			t.Errorf("U+%04X: %s, want \"%s\"", r, got, w)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil || back != string(r) {
			t.Errorf("U+%04X: %s reads back as %q, %v", r, got, back, err)
		}
	}
}

// A byte that is not UTF-8 is written U+FFFD, never copied raw; a rune
// that is no scalar value too.
func TestAppendNeverWritesInvalidUTF8(t *testing.T) {
	for _, s := range []string{"\xff", "a\xc0\xafb", "\xed\xa0\x80"} {
		got := Append(nil, s)
		if !utf8.Valid(got) || !strings.Contains(string(got), "\uFFFD") {
			t.Errorf("%q: %q", s, got)
		}
	}
	for _, r := range []rune{-1, 0xd800, 0x110000} {
		if got := string(AppendRune(nil, r)); got != "\uFFFD" {
			t.Errorf("AppendRune(%#x) = %q, want U+FFFD", r, got)
		}
	}
	if got := string(Append([]byte("x"), "")); got != `x""` {
		t.Errorf("Append to a prefix: %q", got)
	}
}

// Len is the length Append writes, for every kind of character: plain,
// escaped short and long, multi-byte, and bytes that are not UTF-8; and
// Append grows its buffer at most once.
func TestLenIsWhatAppendWrites(t *testing.T) {
	for _, s := range []string{"", "abc", "a\"b\\c", "\x00\x1f\b\t\n\f\r", "é\u2028\U0010ffff", "\xff", "a\xc0\xafb", "/srv/acme/" + strings.Repeat("x", 1000)} {
		if got, want := Len(s), len(Append(nil, s)); got != want {
			t.Errorf("Len(%q) = %d, Append writes %d", s, got, want)
		}
		if n := testing.AllocsPerRun(10, func() { _ = Append(nil, s) }); n > 1 {
			t.Errorf("Append(nil, %q) allocated %v times, want at most once", s, n)
		}
	}
}
