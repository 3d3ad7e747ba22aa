package minimize

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Every fuzz target of the module is a row of the target table, with a
// signer or with the reason it has none: the campaign hands a failure to
// findings.Reduce by the fuzz target's name, and a name the table does not
// hold is reported but never minimized. Rows that name no fuzz target any
// more fail too.
func TestEveryFuzzTargetIsInTheTable(t *testing.T) {
	found := moduleFuzzTargets(t, "..")
	if len(found) < 30 {
		t.Fatalf("found only %d fuzz targets: is the search broken?", len(found))
	}
	rows := map[string]target{}
	for _, r := range targetTable {
		rows[r.name] = r
	}
	for _, name := range sortedKeys(found) {
		r, ok := rows[name]
		switch {
		case !ok:
			t.Errorf("%s (%s) is not in minimize/targets.go: map it to a signer or give the reason it has none", name, found[name])
		case r.outcome == nil && r.why == "":
			t.Errorf("%s: no signer and no reason", name)
		case r.outcome != nil && (r.failure == nil || r.why != ""):
			t.Errorf("%s: a signer needs both modes and no reason", name)
		}
	}
	for _, r := range targetTable {
		if strings.HasPrefix(r.name, "Fuzz") && found[r.name] == "" {
			t.Errorf("table row %s names no fuzz target of the module", r.name)
		}
	}
}

// moduleFuzzTargets parses every Go file of the module under root (not
// testdata, not nested modules, whatever its build tags) and returns each
// fuzz target's name and file: a FuzzX(*testing.F) of a test file, or a
// go-fuzz entry point FuzzX([]byte) int.
func moduleFuzzTargets(t *testing.T, root string) map[string]string {
	t.Helper()
	found := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == root {
				return nil
			}
			if n := d.Name(); n == "testdata" || n == "work" || strings.HasPrefix(n, ".") || n == "node_modules" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		file, err := parser.ParseFile(gotoken.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Fuzz") && isFuzzTarget(fn, strings.HasSuffix(path, "_test.go")) {
				found[fn.Name.Name] = rel
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// isFuzzTarget: func FuzzX(f *testing.F) in a test file, or
// func FuzzX(data []byte) int anywhere.
func isFuzzTarget(fn *ast.FuncDecl, test bool) bool {
	params := fn.Type.Params.List
	if len(params) != 1 || len(params[0].Names) > 1 {
		return false
	}
	switch typ := params[0].Type.(type) {
	case *ast.StarExpr:
		sel, ok := typ.X.(*ast.SelectorExpr)
		return test && ok && sel.Sel.Name == "F" && fn.Type.Results == nil
	case *ast.ArrayType:
		elt, ok := typ.Elt.(*ast.Ident)
		res := fn.Type.Results
		return ok && elt.Name == "byte" && typ.Len == nil && res != nil && len(res.List) == 1
	}
	return false
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// The search finds both kinds of fuzz target and nothing else.
func TestModuleFuzzTargetsFindsBothKinds(t *testing.T) {
	found := moduleFuzzTargets(t, "..")
	for name, file := range map[string]string{
		"FuzzParse":                  "targets/bound/parse_fuzz_test.go",
		"FuzzDigestRequestInvariant": "fuzz/gofuzz/fuzz.go",
		"FuzzPlantedEncodingJSON":    "minimize/libfuzzercompare/fuzz.go",
		"FuzzPlantedLastWins":        "", // in two files
	} {
		if got, ok := found[name]; !ok || file != "" && got != filepath.FromSlash(file) {
			t.Errorf("%s: found in %q, want %q", name, got, file)
		}
	}
	for name := range found {
		if !strings.HasPrefix(name, "Fuzz") {
			t.Errorf("%s is not a fuzz target", name)
		}
	}
}
