// Package fuzzsource finds the fuzz targets the module's source declares,
// by parsing every Go file (go/parser, whatever its build tags), so that
// the tests which hold the registry of fuzz/spec, the seed catalogue,
// the planted faults and fuzz/README.md to the code find every target and
// not only those someone listed; and the exported functions of a package,
// for the READMEs that table them (ExportedFuncs). It is for tests;
// nothing shipped imports it.
package fuzzsource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/modroot"
)

// The kinds of fuzz target.
const (
	Native = "native"  // func FuzzX(f *testing.F) in a _test.go file
	GoFuzz = "go-fuzz" // func FuzzX(data []byte) int, a go-fuzz and libFuzzer entry point
)

// Declared is one fuzz target in the source.
type Declared struct {
	Name   string   // FuzzX
	Kind   string   // Native or GoFuzz
	Dir    string   // the package directory, relative to the module root, with '/'
	File   string   // the file's name in Dir
	Tags   string   // the file's //go:build line, "" when it has none
	Params []string // for a native target, the types f.Fuzz's function takes after *testing.T
	// Registry is set for a native target whose body is native.Fuzz(f):
	// its arguments are those of the registry target of its name, and it
	// has no f.Fuzz of its own (Params is empty).
	Registry bool
}

// Module parses the module rooted at root (not testdata, work, hidden or
// node_modules folders, nor nested modules) and returns its fuzz
// targets, by directory, file and name.
func Module(root string) ([]Declared, error) {
	var found []Declared
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
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		test := strings.HasSuffix(path, "_test.go")
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Fuzz") {
				continue
			}
			kind := kindOf(fn, test)
			if kind == "" {
				continue
			}
			dcl := Declared{Name: fn.Name.Name, Kind: kind, Dir: filepath.ToSlash(rel), File: filepath.Base(path), Tags: buildLine(src)}
			if kind == Native {
				dcl.Params, dcl.Registry = fuzzParams(fn), callsNativeFuzz(fn)
			}
			found = append(found, dcl)
		}
		return nil
	})
	sort.Slice(found, func(i, j int) bool {
		a, b := found[i], found[j]
		if a.Dir != b.Dir {
			return a.Dir < b.Dir
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Name < b.Name
	})
	return found, err
}

// Find parses the module the working directory is in (modroot.Find, Module).
func Find() ([]Declared, error) {
	root, err := modroot.Find()
	if err != nil {
		return nil, err
	}
	return Module(root)
}

// kindOf: func FuzzX(f *testing.F) in a test file, or func FuzzX(data
// []byte) int anywhere.
func kindOf(fn *ast.FuncDecl, test bool) string {
	params := fn.Type.Params.List
	if len(params) != 1 || len(params[0].Names) > 1 {
		return ""
	}
	switch typ := params[0].Type.(type) {
	case *ast.StarExpr:
		if sel, ok := typ.X.(*ast.SelectorExpr); ok && test && sel.Sel.Name == "F" && fn.Type.Results == nil {
			return Native
		}
	case *ast.ArrayType:
		elt, ok := typ.Elt.(*ast.Ident)
		res := fn.Type.Results
		if ok && elt.Name == "byte" && typ.Len == nil && res != nil && len(res.List) == 1 {
			return GoFuzz
		}
	}
	return ""
}

// fuzzParams are the types of the function literal given to f.Fuzz, after
// *testing.T.
func fuzzParams(fn *ast.FuncDecl) []string {
	var params []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Fuzz" || len(call.Args) != 1 {
			return true
		}
		lit, ok := call.Args[0].(*ast.FuncLit)
		if !ok {
			return true
		}
		params = []string{}
		for _, field := range lit.Type.Params.List {
			for range max(1, len(field.Names)) {
				params = append(params, typeString(field.Type))
			}
		}
		if len(params) > 0 {
			params = params[1:] // *testing.T
		}
		return false
	})
	return params
}

// callsNativeFuzz reports whether fn's body is the one statement
// native.Fuzz(f).
func callsNativeFuzz(fn *ast.FuncDecl) bool {
	if fn.Body == nil || len(fn.Body.List) != 1 {
		return false
	}
	stmt, ok := fn.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := stmt.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Fuzz" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "native"
}

func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.ArrayType:
		return "[]" + typeString(e.Elt)
	case *ast.StarExpr:
		return "*" + typeString(e.X)
	case *ast.SelectorExpr:
		return typeString(e.X) + "." + e.Sel.Name
	}
	return "?"
}

// buildLine is a file's //go:build constraint, without the prefix.
func buildLine(src []byte) string {
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if c, ok := strings.CutPrefix(line, "//go:build "); ok {
			return c
		}
		if strings.HasPrefix(line, "package ") {
			break
		}
	}
	return ""
}
