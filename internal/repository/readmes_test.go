package repository

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// tabledReadmes are the READMEs whose markdown tables name files and
// folders of the tree.
var tabledReadmes = []string{"README.md", "docs/README.md", "fuzz/README.md", "scripts/README.md", "findings/README.md", "mutation/README.md"}

var (
	// cellLink is a markdown link's target in a table cell.
	cellLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// cellCode is a backticked name in a row's first cell.
	cellCode = regexp.MustCompile("`([^`]+)`")
	// fileLike is a backticked name that is a path: one with a slash, or
	// a file name with an extension.
	fileLike = regexp.MustCompile(`^[\w.*<>-]*(/[\w.*<>-]*)+$|^[\w*-]+(\.[\w-]+)*\.(go|md|sh|py|txt|json|mjs|benchstat|diff)$`)
)

// tableNames lists the paths the table rows of the README at name name,
// each relative to the module root: every link of a row that is not a URL
// or an anchor, and every backticked path in a row's first cell (a
// <placeholder> or a * is a glob).
func tableNames(t *testing.T, top, name string) []string {
	t.Helper()
	dir := path.Dir(name)
	var out []string
	for _, line := range strings.Split(read(t, name), "\n") {
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "| ---") {
			continue
		}
		for _, m := range cellLink.FindAllStringSubmatch(line, -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			out = append(out, path.Join(dir, target))
		}
		cells := strings.Split(line, "|")
		if len(cells) < 3 {
			continue
		}
		for _, m := range cellCode.FindAllStringSubmatch(cells[1], -1) {
			p := m[1]
			if !fileLike.MatchString(p) || strings.Contains(strings.SplitN(p, "/", 2)[0], ".") && strings.Contains(p, "/") {
				continue // not a path, or a module path (github.com/...)
			}
			// A README under a folder names a path from its own folder, or
			// from the root when only the root has it.
			if rooted := path.Join(dir, p); dir != "." && (exists(top, rooted) || !exists(top, p)) {
				p = rooted
			}
			out = append(out, p)
		}
	}
	return out
}

// exists says whether the path (a glob with * or <placeholder>) names
// something in the tree under top.
func exists(top, p string) bool {
	glob := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(strings.TrimSuffix(p, "/"), "*")
	matches, _ := filepath.Glob(filepath.Join(top, filepath.FromSlash(glob)))
	return len(matches) > 0
}

// TestReadmeTablesNameTheTree: every path a table of the READMEs names
// exists; every file and folder of docs/ and scripts/ has a row in its
// README; README.md's layout table names every folder of the module and
// every package of internal/.
func TestReadmeTablesNameTheTree(t *testing.T) {
	top := root(t)
	named := map[string][]string{}
	for _, readme := range tabledReadmes {
		names := tableNames(t, top, readme)
		if len(names) == 0 && readme != "findings/README.md" { // its one table is of statuses
			t.Errorf("%s: no table names a path: is the parse broken?", readme)
		}
		for _, p := range names {
			if !exists(top, p) {
				t.Errorf("%s names %s in a table, which is not in the tree", readme, p)
			}
		}
		named[readme] = names
	}
	covers := func(names []string, p string) bool {
		return slices.ContainsFunc(names, func(n string) bool {
			glob := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(strings.TrimSuffix(n, "/"), "*")
			ok, _ := path.Match(glob, p)
			return ok
		})
	}
	for _, folder := range []string{"docs", "scripts"} {
		entries, err := os.ReadDir(filepath.Join(top, folder))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if p := folder + "/" + e.Name(); e.Name() != "README.md" && !covers(named[folder+"/README.md"], p) {
				t.Errorf("%s has no row in %s/README.md", p, folder)
			}
		}
	}
	var folders []string
	for _, dir := range []string{".", "internal"} {
		entries, err := os.ReadDir(filepath.Join(top, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if n := e.Name(); e.IsDir() && !strings.HasPrefix(n, ".") && n != "bin" && n != "work" && n != "node_modules" {
				folders = append(folders, path.Join(dir, n))
			}
		}
	}
	for _, f := range folders {
		if !covers(named["README.md"], f) && !slices.ContainsFunc(named["README.md"], func(n string) bool { return strings.HasPrefix(n, f+"/") }) {
			t.Errorf("%s/ has no row in README.md's layout table", f)
		}
	}
}
