package vecfile

import (
	"bytes"
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	f, err := Parse([]byte("kind: parse\ncomment: a: b\n\n{\"x\":1}\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Header) != 2 || f.Header[1] != (Field{Line: 2, Key: "comment", Value: "a: b"}) {
		t.Errorf("header %+v", f.Header)
	}
	if !bytes.Equal(f.Payload, []byte("{\"x\":1}\n\n")) {
		t.Errorf("payload %q, want the bytes after the blank line exactly", f.Payload)
	}
	if v, ok := f.Get("kind"); !ok || v != "parse" {
		t.Errorf("Get(kind) = %q, %v", v, ok)
	}
	if _, ok := f.Get("expect"); ok {
		t.Error("Get found a key the header does not have")
	}
}

// Every malformed header is refused with a *FormatError naming its line,
// never read as some other header.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct {
		data string
		line int
	}{
		{"kind: parse\n", 0},
		{"", 0},
		{"kind: parse", 0},
		{"kind:parse\n\nx", 1},
		{"kind: a\nkind: b\n\nx", 2},
		{"kind: a\n: b\n\nx", 2},
		{"\n\nx", 1},
	} {
		_, err := Parse([]byte(c.data))
		var fe *FormatError
		switch {
		case !errors.As(err, &fe) || !errors.Is(err, ErrFormat):
			t.Errorf("%q: %v, want a *FormatError", c.data, err)
		case fe.Line != c.line:
			t.Errorf("%q: line %d, want %d", c.data, fe.Line, c.line)
		}
	}
}
