package spec

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/fuzzsource"
)

// TestFuzzTargetNamesAreUnique: no two native fuzz targets of the module
// share a name, since the campaign, the minimizer, the seed catalogue and
// findings/ name a target by its name alone (the go-fuzz entry points
// share their registry target's name on purpose: one property, two
// engines).
func TestFuzzTargetNamesAreUnique(t *testing.T) {
	where := map[string]string{}
	for _, d := range declared(t) {
		if d.Kind != fuzzsource.Native {
			continue
		}
		at := d.Dir + "/" + d.File
		if prev, ok := where[d.Name]; ok {
			t.Errorf("two fuzz targets named %s: in %s and in %s", d.Name, prev, at)
		}
		where[d.Name] = at
	}
}

// TestFuzzReadmeFolders: fuzz/README.md's table of folders has a row for
// every folder of fuzz/, and no row for a folder that is not there.
func TestFuzzReadmeFolders(t *testing.T) {
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\|((?: ?\\[`[a-z]+/`\\]\\([^)]+\\),?)+) \\|").FindAllStringSubmatch(string(data), -1) {
		for _, f := range regexp.MustCompile("\\[`([a-z]+)/`\\]").FindAllStringSubmatch(m[1], -1) {
			rows[f[1]] = true
			if fi, err := os.Stat(filepath.Join("..", f[1])); err != nil || !fi.IsDir() {
				t.Errorf("fuzz/README.md has a row for %s/, which is not a folder of fuzz/", f[1])
			}
		}
	}
	for _, e := range entries {
		if e.IsDir() && !rows[e.Name()] {
			t.Errorf("fuzz/%s/ has no row in fuzz/README.md's table of folders", e.Name())
		}
	}
}
