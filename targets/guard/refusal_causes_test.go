package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"
)

// A refusal whose reason is written from an error keeps that error as its
// Cause (Refusal's documentation), so that a caller, the audit log and the
// properties tell a limit (*bound.LimitError) from another reason with
// errors.As, not by the text. Read from the package's source, as a class:
// every &Refusal{...} whose Reason is written from an error (err, or a
// call of Error()) sets Cause, and no function that returns a *Refusal is
// handed a reason written from an error (it could not keep the error).
func TestRefusalsFromErrorsKeepTheirCause(t *testing.T) {
	files := guardSources(t)
	helpers := refusalHelpers(files)
	if !helpers["outsideBound"] || !helpers["malformedProvenance"] {
		t.Fatalf("refusal helpers %v: want outsideBound and malformedProvenance among them", helpers)
	}
	refusals := 0
	for _, f := range files {
		ast.Inspect(f.file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); !ok || id.Name != "Refusal" {
					return true
				}
				refusals++
				reason, cause := refusalFields(n)
				if reason != nil && fromError(reason) && !cause {
					t.Errorf("%s: a Refusal whose reason is written from an error has no Cause", f.position(n))
				}
			case *ast.CallExpr:
				id, ok := n.Fun.(*ast.Ident)
				if !ok || !helpers[id.Name] {
					return true
				}
				for _, arg := range n.Args {
					if callsError(arg) {
						t.Errorf("%s: %s is handed a reason written from an error, which it cannot keep as the cause", f.position(n), id.Name)
					}
				}
			}
			return true
		})
	}
	if refusals < 10 {
		t.Fatalf("%d Refusal literals read, want the package's (at least 10)", refusals)
	}
}

// guardSource is one parsed non-test file of the package.
type guardSource struct {
	fset *token.FileSet
	file *ast.File
}

func (s guardSource) position(n ast.Node) token.Position { return s.fset.Position(n.Pos()) }

// guardSources parses the package's non-test files.
func guardSources(t *testing.T) map[string]guardSource {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]guardSource{}
	for name, f := range pkgs["guard"].Files {
		files[name] = guardSource{fset, f}
	}
	if len(files) == 0 {
		t.Fatal("no source files of package guard")
	}
	return files
}

// refusalHelpers names the package's functions that return a *Refusal.
func refusalHelpers(files map[string]guardSource) map[string]bool {
	helpers := map[string]bool{}
	for _, f := range files {
		for _, d := range f.file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Type.Results == nil || len(fn.Type.Results.List) != 1 {
				continue
			}
			if star, ok := fn.Type.Results.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok && id.Name == "Refusal" {
					helpers[fn.Name.Name] = true
				}
			}
		}
	}
	return helpers
}

// refusalFields returns a Refusal literal's Reason and whether it sets Cause.
func refusalFields(lit *ast.CompositeLit) (reason ast.Expr, cause bool) {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "Reason":
			reason = kv.Value
		case "Cause":
			cause = true
		}
	}
	return reason, cause
}

// fromError reports whether e mentions err or calls Error().
func fromError(e ast.Expr) bool {
	found := callsError(e)
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "err" {
			found = true
		}
		return !found
	})
	return found
}

// callsError reports whether e calls a method Error with no arguments.
func callsError(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 0 {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
				found = true
			}
		}
		return !found
	})
	return found
}
