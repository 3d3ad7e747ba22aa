package seeds

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const root = ".."

// The corpus files on disk are exactly what the catalogue generates: a seed
// changed in the catalogue and not regenerated, or a stale seed file, fails.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, f := range files {
		want[f.Path] = true
		got, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("%s is not what the catalogue generates (run go generate ./seeds): %v", f.Path, err)
		}
	}
	stale, err := Stale(root, want)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		t.Errorf("%s is a seed file the catalogue no longer has (run go generate ./seeds)", p)
	}
}

// Every seed fits its target: the target exists, takes as many arguments
// after t as the seed has values, of the same types; names are unique.
func TestSeedsFitTheirTargets(t *testing.T) {
	sigs := fuzzSignatures(t)
	for _, tg := range Catalogue() {
		sig, ok := sigs[tg.Dir+"."+tg.Name]
		if !ok {
			t.Errorf("%s: no fuzz target %s in %s", tg.Name, tg.Name, tg.Dir)
			continue
		}
		if len(tg.Seeds) == 0 {
			t.Errorf("%s: an empty seed set", tg.Name)
		}
		names := map[string]bool{}
		for _, s := range tg.Seeds {
			if names[fileName(s.Name)] {
				t.Errorf("%s: two seeds named %s", tg.Name, s.Name)
			}
			names[fileName(s.Name)] = true
			if s.Comment == "" {
				t.Errorf("%s/%s: no comment saying what it probes", tg.Name, s.Name)
			}
			var types []string
			for _, v := range s.Values {
				types = append(types, goType(v))
			}
			if strings.Join(types, ",") != strings.Join(sig.params, ",") {
				t.Errorf("%s/%s: values (%s), target takes (%s)", tg.Name, s.Name,
					strings.Join(types, ", "), strings.Join(sig.params, ", "))
			}
		}
	}
}

// No fuzz target runs with an empty seed set: each has curated seeds here or
// adds its own with f.Add.
func TestEveryFuzzTargetHasSeeds(t *testing.T) {
	curated := map[string]bool{}
	for _, tg := range Catalogue() {
		if len(tg.Seeds) > 0 {
			curated[tg.Dir+"."+tg.Name] = true
		}
	}
	sigs := fuzzSignatures(t)
	if len(sigs) < 10 {
		t.Fatalf("found only %d fuzz targets: is the search broken?", len(sigs))
	}
	keys := make([]string, 0, len(sigs))
	for k := range sigs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !curated[k] && !sigs[k].adds {
			t.Errorf("%s: no curated seeds and no f.Add: it would fuzz from nothing", k)
		}
	}
}

type signature struct {
	params []string // the f.Fuzz function's parameter types after *testing.T
	adds   bool     // the target calls f.Add, itself or through a helper of its package
}

// fuzzSignatures parses the test files under targets/ and fuzz/ (not their
// testdata) and returns each FuzzX by "dir.FuzzX".
func fuzzSignatures(t *testing.T) map[string]signature {
	t.Helper()
	sigs := map[string]signature{}
	// Per package: each function taking a *testing.F, whether it calls Add
	// itself, and the functions it calls; a seed helper such as
	// addSeeds(f, list) counts as adding seeds.
	type helper struct {
		adds  bool
		calls []string
	}
	helpers := map[string]map[string]*helper{}
	fuzzCalls := map[string][]string{}
	for _, top := range []string{"targets", "fuzz"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
				return nil
			}
			file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			dir, _ := filepath.Rel(root, filepath.Dir(path))
			if helpers[dir] == nil {
				helpers[dir] = map[string]*helper{}
			}
			for _, decl := range file.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Recv != nil || fn.Body == nil || !takesTestingF(fn) {
					continue
				}
				sig := readSignature(fn)
				if strings.HasPrefix(fn.Name.Name, "Fuzz") {
					sigs[dir+"."+fn.Name.Name] = sig
					fuzzCalls[dir+"."+fn.Name.Name] = calledNames(fn)
				} else {
					helpers[dir][fn.Name.Name] = &helper{adds: sig.adds, calls: calledNames(fn)}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, hs := range helpers { // to a fixed point: helpers of helpers
		for changed := true; changed; {
			changed = false
			for _, h := range hs {
				for _, c := range h.calls {
					if o := hs[c]; o != nil && o.adds && !h.adds {
						h.adds, changed = true, true
					}
				}
			}
		}
	}
	for key, sig := range sigs {
		dir := key[:strings.LastIndexByte(key, '.')]
		for _, c := range fuzzCalls[key] {
			if h := helpers[dir][c]; h != nil && h.adds {
				sig.adds = true
			}
		}
		sigs[key] = sig
	}
	return sigs
}

// takesTestingF reports whether fn has a *testing.F parameter.
func takesTestingF(fn *ast.FuncDecl) bool {
	for _, p := range fn.Type.Params.List {
		if types(p.Type) == "*testing.F" {
			return true
		}
	}
	return false
}

// calledNames lists the plain identifiers fn calls.
func calledNames(fn *ast.FuncDecl) []string {
	var names []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
		return true
	})
	return names
}

func readSignature(fn *ast.FuncDecl) signature {
	var sig signature
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch sel.Sel.Name {
		case "Add":
			sig.adds = true
		case "Fuzz":
			if len(call.Args) == 1 {
				if lit, ok := call.Args[0].(*ast.FuncLit); ok {
					for k, field := range lit.Type.Params.List {
						typ := types(field.Type)
						n := max(1, len(field.Names))
						for range n {
							sig.params = append(sig.params, typ)
						}
						if k == 0 {
							sig.params = sig.params[1:] // *testing.T
							if len(field.Names) > 1 {
								sig.params = sig.params[:0]
							}
						}
					}
				}
			}
		}
		return true
	})
	return sig
}

func types(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.ArrayType:
		return "[]" + types(e.Elt)
	case *ast.StarExpr:
		return "*" + types(e.X)
	case *ast.SelectorExpr:
		return types(e.X) + "." + e.Sel.Name
	}
	return "?"
}
