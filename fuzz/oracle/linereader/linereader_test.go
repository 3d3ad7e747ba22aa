package linereader

import (
	"errors"
	"fmt"
	"testing"
)

// Each reader on the examples of its documentation: what Python's
// str.splitlines and io's universal newlines, Node's readline and the
// plain splitters give for the same streams.
func TestReadersSplitAsDocumented(t *testing.T) {
	want := map[string]map[string]string{
		"a\nb\n":          {"lf": `["a" "b"]`, "crlf": `["a\nb\n"]`, "cr": `["a\nb\n"]`, "python-universal": `["a" "b"]`, "python-splitlines": `["a" "b"]`, "node-readline": `["a" "b"]`},
		"a\r\nb":          {"lf": `["a\r" "b"]`, "crlf": `["a" "b"]`, "cr": `["a" "\nb"]`, "python-universal": `["a" "b"]`, "python-splitlines": `["a" "b"]`, "node-readline": `["a" "b"]`},
		"{\r\"x\":1}\n":   {"lf": `["{\r\"x\":1}"]`, "crlf": `["{\r\"x\":1}\n"]`, "cr": `["{" "\"x\":1}\n"]`, "python-universal": `["{" "\"x\":1}"]`, "python-splitlines": `["{" "\"x\":1}"]`, "node-readline": `["{" "\"x\":1}"]`},
		"a\n\nb":          {"lf": `["a" "" "b"]`, "python-universal": `["a" "" "b"]`, "python-splitlines": `["a" "" "b"]`},
		"a\u2028b\x1cc\n": {"lf": `["a\u2028b\x1cc"]`, "python-universal": `["a\u2028b\x1cc"]`, "python-splitlines": `["a" "b" "c"]`, "node-readline": `["a\u2028b\x1cc"]`},
		"a\vb\fc\u0085d":  {"python-splitlines": `["a" "b" "c" "d"]`, "node-readline": `["a\vb\fc\u0085d"]`},
		"":                {"lf": `[]`, "python-splitlines": `[]`, "node-readline": `[]`},
	}
	for stream, byReader := range want {
		for _, r := range Readers {
			w, ok := byReader[r.Name]
			if !ok {
				continue
			}
			lines, err := r.Lines([]byte(stream))
			if got := quote(lines); err != nil || got != w {
				t.Errorf("%s(%q) = %s, %v; want %s", r.Name, stream, got, err, w)
			}
		}
	}
	if _, err := splitlines([]byte("a\xffb")); !errors.Is(err, ErrNotUTF8) {
		t.Errorf("splitlines decoded bytes that are not UTF-8: %v", err)
	}
}

func quote(lines [][]byte) string {
	s := "["
	for i, l := range lines {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%q", l)
	}
	return s + "]"
}
