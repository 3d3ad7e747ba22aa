package mutation

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadJSON: a file decodes into v; a missing file is fs.ErrNotExist
// (mutation merge skips a report without a fuzz-score.json by it); a file
// that does not decode is an error naming the file and wrapping the
// decoder's.
func TestReadJSON(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.json"), filepath.Join(dir, "bad.json")
	if err := os.WriteFile(good, []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(`{"a":`), 0o644); err != nil {
		t.Fatal(err)
	}
	var v struct{ A int }
	if err := ReadJSON(good, &v); err != nil || v.A != 1 {
		t.Errorf("good.json: %+v, %v", v, err)
	}
	if err := ReadJSON(filepath.Join(dir, "none.json"), &v); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
	var se *json.SyntaxError
	if err := ReadJSON(bad, &v); !errors.As(err, &se) || !strings.HasPrefix(err.Error(), bad+": ") {
		t.Errorf("bad.json: %v, want a *json.SyntaxError after the path", err)
	}
}
