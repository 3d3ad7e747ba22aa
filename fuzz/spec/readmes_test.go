package spec

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/fuzzsource"
)

// TestScriptsReadme: scripts/README.md has a row for every script of
// scripts/, linking it, and no row for a script that is not there.
func TestScriptsReadme(t *testing.T) {
	dir := filepath.Join("..", "..", "scripts")
	files, err := filepath.Glob(filepath.Join(dir, "*.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scripts in scripts/: is the path wrong?")
	}
	data, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| \\[`([^`]+)`\\]\\(([^)]+)\\) \\|").FindAllStringSubmatch(string(data), -1) {
		if m[1] != m[2] {
			t.Errorf("the row of %s links %s", m[1], m[2])
		}
		rows[m[1]] = true
		if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
			t.Errorf("scripts/README.md has a row for %s: %v", m[1], err)
		}
	}
	for _, f := range files {
		if !rows[filepath.Base(f)] {
			t.Errorf("scripts/%s has no row in scripts/README.md", filepath.Base(f))
		}
	}
}

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
