package vecfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// TestReadDir: every .vec file of the folder and nothing else, in name
// order, each through the folder's reader.
func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"b.vec": "k: 2\n\nb", "a.vec": "k: 1\n\na", "notes.txt": "k: 3\n\nc"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadDir(dir, func(path string) (string, error) {
		f, err := Read(path)
		if err != nil {
			return "", err
		}
		k, _ := f.Get("k")
		return filepath.Base(path) + "=" + k + ":" + string(f.Payload), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "a.vec=1:a b.vec=2:b"; strings.Join(got, " ") != want {
		t.Errorf("ReadDir read %q, want %q", got, want)
	}
}

// TestReadDirRefuses: a folder with no vector is an error (a test over it
// would otherwise pass having checked nothing), and so is a vector its
// reader refuses, named by its path and with the reader's error kept.
func TestReadDirRefuses(t *testing.T) {
	read := func(path string) (File, error) { return Read(path) }
	empty := t.TempDir()
	if vs, err := ReadDir(empty, read); err == nil {
		t.Errorf("an empty folder gave %d vectors and no error", len(vs))
	}
	bad := t.TempDir()
	p := filepath.Join(bad, "x.vec")
	if err := os.WriteFile(p, []byte("no blank line"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadDir(bad, read)
	if !errors.Is(err, ErrFormat) || !strings.HasPrefix(err.Error(), p+": ") {
		t.Errorf("a malformed vector gave %v, want its path and an ErrFormat", err)
	}
}
