package campaign

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteReport: the JSON form is v indented with a final newline, the
// Markdown form is the text as given, and a folder that is not there is an
// error, not a silent skip.
func TestWriteReport(t *testing.T) {
	dir := t.TempDir()
	v := map[string]int{"found": 1}
	if err := WriteReport(dir, "r.json", "r.md", v, "# r\n"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"r.json": "{\n  \"found\": 1\n}\n", "r.md": "# r\n"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	if err := WriteReport(filepath.Join(dir, "none"), "r.json", "r.md", v, ""); err == nil {
		t.Error("a folder that is not there: no error")
	}
}
