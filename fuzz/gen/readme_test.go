package gen

import (
	"os"
	"regexp"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/fuzzsource"
)

// TestReadmeTable: README.md's table names every exported function of the
// package (each in the first cell of a row, as `Name(...)`), and every
// function a row names exists, so the README cannot omit a generator nor
// keep one that is gone.
func TestReadmeTable(t *testing.T) {
	exported, err := fuzzsource.ExportedFuncs(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(exported) < 10 {
		t.Fatalf("found %d exported functions: is the parse broken?", len(exported))
	}
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	cells := regexp.MustCompile("(?m)^\\| ([^|]*`[A-Z][^|]*) \\|").FindAllStringSubmatch(string(data), -1)
	for _, c := range cells {
		for _, m := range regexp.MustCompile("`([A-Z][A-Za-z0-9]*)\\(").FindAllStringSubmatch(c[1], -1) {
			named[m[1]] = true
			if exported[m[1]] == "" {
				t.Errorf("README.md has a row for %s, which fuzz/gen does not export", m[1])
			}
		}
	}
	for name := range exported {
		if !named[name] {
			t.Errorf("fuzz/gen exports %s, which README.md's table does not name", name)
		}
	}
}
