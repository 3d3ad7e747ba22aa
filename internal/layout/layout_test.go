package layout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/canonfuzz/canonfuzz"

// tagSets are the build tags the module's files are built under: none,
// the planted build (efficacy), the go-fuzz entry points and the
// minimizer comparison.
var tagSets = []string{"", "planted", "gofuzz", "gofuzz,planted", "minimizecompare"}

// edge is one import from a package of folder From into folder To.
type edge struct{ pkg, imp string }

// folderImports lists, for each pair of top-level folders, the imports
// that make one depend on the other, from go list over every package of
// the module and its tests under every tag set.
func folderImports(t *testing.T) map[[2]string][]edge {
	t.Helper()
	out := map[[2]string][]edge{}
	for _, tags := range tagSets {
		cmd := exec.Command("go", "list", "-e", "-tags="+tags, "-json=ImportPath,Imports,TestImports,XTestImports,Error", module+"/...")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		data, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags=%s: %v\n%s", tags, err, stderr.Bytes())
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		for {
			var p struct {
				ImportPath                         string
				Imports, TestImports, XTestImports []string
				Error                              *struct{ Err string }
			}
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if p.Error != nil && !strings.Contains(p.Error.Err, "build constraints exclude all Go files") {
				t.Errorf("go list -tags=%s: %s: %s", tags, p.ImportPath, p.Error.Err)
			}
			from := folder(p.ImportPath)
			for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
				to := folder(imp)
				if to == "" || to == from {
					continue
				}
				key := [2]string{from, to}
				if e := (edge{p.ImportPath, imp}); !slices.Contains(out[key], e) {
					out[key] = append(out[key], e)
				}
			}
		}
	}
	return out
}

// folder is the top-level folder of a package of the module ("fuzz" for
// .../fuzz/spec), or "" for a package outside it.
func folder(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, module+"/")
	if !ok {
		return ""
	}
	first, _, _ := strings.Cut(rest, "/")
	return first
}

// cycles returns every cycle of the folder graph, each as its folders in
// order, found by a depth-first search from each folder.
func cycles(edges map[[2]string][]edge) [][]string {
	next := map[string][]string{}
	for k := range edges {
		next[k[0]] = append(next[k[0]], k[1])
	}
	var found [][]string
	seen := map[string]bool{}
	var walk func(path []string)
	walk = func(path []string) {
		last := path[len(path)-1]
		for _, n := range next[last] {
			if i := slices.Index(path, n); i >= 0 {
				c := slices.Clone(path[i:])
				if key := canonical(c); !seen[key] {
					seen[key] = true
					found = append(found, c)
				}
				continue
			}
			walk(append(path, n))
		}
	}
	for f := range next {
		walk([]string{f})
	}
	return found
}

// canonical names a cycle whatever folder it is read from.
func canonical(c []string) string {
	i := slices.Index(c, slices.Min(c))
	return strings.Join(append(slices.Clone(c[i:]), c[:i]...), " ")
}

// TestTopLevelFoldersHaveNoImportCycles: no top-level folder of the module
// imports, from any package, test or build tag, a folder that imports it
// back. An arrow that runs back up (minimize/ and fuzz/ importing each
// other, fuzz/ and seeds/) fails here with the imports that close it.
func TestTopLevelFoldersHaveNoImportCycles(t *testing.T) {
	edges := folderImports(t)
	if len(edges) < 10 {
		t.Fatalf("only %d folder-level imports: is go list reading the module?", len(edges))
	}
	for _, c := range cycles(edges) {
		var b strings.Builder
		for i, f := range c {
			to := c[(i+1)%len(c)]
			e := edges[[2]string{f, to}][0]
			fmt.Fprintf(&b, "\n  %s/ -> %s/: %s imports %s", f, to, e.pkg, e.imp)
		}
		t.Errorf("the folders %s import each other in a cycle:%s", strings.Join(c, ", "), b.String())
	}
}

// The search finds what it looks for: a graph with an arrow back up.
func TestCyclesFindsAnArrowBackUp(t *testing.T) {
	edges := map[[2]string][]edge{
		{"fuzz", "seeds"}:       {{"m/fuzz/spec", "m/seeds"}},
		{"seeds", "fuzz"}:       {{"m/seeds", "m/fuzz/gen"}},
		{"fuzz", "minimize"}:    {{"m/fuzz/signer", "m/minimize"}},
		{"campaign", "fuzz"}:    {{"m/campaign", "m/fuzz/spec"}},
		{"minimize", "targets"}: {{"m/minimize", "m/targets/admit"}},
	}
	got := cycles(edges)
	if len(got) != 1 || canonical(got[0]) != "fuzz seeds" {
		t.Errorf("cycles = %v, want the one of fuzz and seeds", got)
	}
}
