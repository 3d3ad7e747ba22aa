package matrix

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
)

// extList writes an impls.txt of lines into a new folder and returns it.
func extList(t *testing.T, lines ...string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ExtList), []byte("# a comment\n\n"+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOpenExtServesThePythonAdapter: an impls.txt line starts the Python
// adapter, here around a stand-in for PyPI jcs (impls/python/testdata),
// under the list's name with SOURCE's version, repository and commit;
// the text is parsed by json.loads after a strict UTF-8 decode, and what
// the decode or the library raises is a refusal.
func TestOpenExtServesThePythonAdapter(t *testing.T) {
	dir := extList(t, "pypi/jcs=python3 impls/python/adapter.py --lib jcs --dir impls/python/testdata/jcs")
	impls, err := OpenExt("", dir)
	defer CloseAll(impls)
	if err != nil {
		t.Fatal(err)
	}
	if len(impls) != 1 || impls[0].Name != "pypi/jcs" || impls[0].Where != "external" ||
		impls[0].Version() != "0.2.1 (github.com/example/jcs 0123456789ab)" {
		t.Fatalf("opened %+v, version %q", impls, impls[0].Version())
	}
	c := impls[0].C
	for _, tc := range []struct{ in, out, refusal string }{
		{`{"b":1,"a":2}`, `{"a":2,"b":1}`, ""},
		{`{"a":1,"a":2}`, `{"a":2}`, ""}, // json.loads keeps the last
		{"\"\xff\"", "", "UnicodeDecodeError"},
		{`"raise"`, "", "ValueError: raised on purpose"},
		{`[1,]`, "", "JSONDecodeError"},
	} {
		out, err := c.Canonicalize([]byte(tc.in))
		switch {
		case tc.refusal != "":
			if !errors.Is(err, oracle.ErrRefused) || !strings.Contains(err.Error(), tc.refusal) {
				t.Errorf("%q: %q, %v; want a refusal with %q", tc.in, out, err, tc.refusal)
			}
		case err != nil || string(out) != tc.out:
			t.Errorf("%q: %q, %v; want %q", tc.in, out, err, tc.out)
		}
	}
}

// TestOpenExtFailsClearly: no impls.txt is not installed, saying that the
// implementations are built outside the repository and naming make matrix
// STUDY_EXT=DIR; an adapter whose library declares another version than SOURCE
// does not start.
func TestOpenExtFailsClearly(t *testing.T) {
	_, err := OpenExt("", t.TempDir())
	if !errors.Is(err, oracle.ErrNotInstalled) || !strings.Contains(err.Error(), "built outside this repository") ||
		!strings.Contains(err.Error(), "make matrix STUDY_EXT=DIR") {
		t.Errorf("no list: %v, want not installed, built outside this repository, naming make matrix STUDY_EXT=DIR", err)
	}
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(filepath.Join("impls", "python", "testdata", "jcs"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "SOURCE"), []byte("repository r\ncommit c\nversion 9.9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	impls, err := OpenExt("", extList(t, "pypi/jcs=python3 impls/python/adapter.py --lib jcs --dir "+src))
	CloseAll(impls)
	if !errors.Is(err, subprocess.ErrStart) || !strings.Contains(err.Error(), "declares version 0.2.1, SOURCE says 9.9") {
		t.Errorf("version mismatch: %v, want a start failure naming both versions", err)
	}
}

// TestOpenExtTakesAnAbsoluteList: a list folder given as an absolute path
// (make matrix STUDY_EXT=/some/dir) is read there, not under root, while
// its commands still run from root.
func TestOpenExtTakesAnAbsoluteList(t *testing.T) {
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := extList(t, "pypi/jcs=python3 impls/python/adapter.py --lib jcs --dir impls/python/testdata/jcs")
	impls, err := OpenExt(root, dir)
	defer CloseAll(impls)
	if err != nil || len(impls) != 1 || impls[0].Name != "pypi/jcs" {
		t.Fatalf("OpenExt(%q, %q): %+v, %v", root, dir, impls, err)
	}
}
