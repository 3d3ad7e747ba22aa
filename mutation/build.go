package mutation

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"

	"github.com/canonfuzz/canonfuzz/internal/gocmd"
)

// Binary is one package's test binary, built with an overlay.
type Binary struct {
	Pkg   string // import path
	Rel   string // directory relative to the module root
	Dir   string
	Path  string
	Tests []*Test
}

// Test is one top-level test of a binary (Test, Fuzz seeds, Example) and
// what the coverage run learnt of it.
type Test struct {
	Name    string
	ID      string // Rel/Name
	File    string // the _test.go file that declares it, relative to the root
	Line    int
	Seconds float64 // uncached baseline
	Passed  bool
	Hits    map[int]bool // mutation points and probes it reaches
}

// writeOverlay writes files (absolute path to contents) under dir and the
// overlay JSON that maps them onto the tree; it returns the JSON's path.
// dir's last element starts with "_", so that `go vet ./...` and other
// package patterns never read the copies as packages of the module.
func writeOverlay(dir string, files map[string][]byte) (string, error) {
	replace := map[string]string{}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(files[p]))
		h.Write(files[p])
	}
	sub := filepath.Join(dir, hex.EncodeToString(h.Sum(nil))[:16])
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return "", err
	}
	for i, p := range paths {
		dst := filepath.Join(sub, fmt.Sprintf("%03d_%s", i, filepath.Base(p)))
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return "", err
		}
		replace[p] = dst
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	ov := filepath.Join(sub, "overlay.json")
	return ov, os.WriteFile(ov, data, 0o644)
}

// buildTest builds the test binary of pkg with the overlay into out.
func buildTest(root, overlay, pkg, out string) error {
	args := []string{"test", "-c", "-vet=off", "-o", out}
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	_, err := gocmd.Output(context.Background(), root, append(args, pkg)...)
	return err
}

// testDecls maps each top-level test function of the package's test files
// to its file and line.
func testDecls(root string, l *listed) map[string][2]any {
	out := map[string][2]any{}
	fset := token.NewFileSet()
	for _, name := range append(append([]string(nil), l.TestGoFiles...), l.XTestGoFiles...) {
		path := filepath.Join(l.Dir, name)
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		rel, _ := filepath.Rel(root, path)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				out[fd.Name.Name] = [2]any{filepath.ToSlash(rel), fset.Position(fd.Pos()).Line}
			}
		}
	}
	return out
}
