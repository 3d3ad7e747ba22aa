package fuzzsource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// ExportedFuncs maps each exported function (not method) that the
// non-test Go files of the package in dir declare to its file's name, so
// that a test can hold a README's table of a package's functions to the
// package.
func ExportedFuncs(dir string) (map[string]string, error) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		return nil, err
	}
	files := map[string]string{}
	for _, pkg := range pkgs {
		for path, f := range pkg.Files {
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.IsExported() {
					files[fn.Name.Name] = filepath.Base(path)
				}
			}
		}
	}
	return files, nil
}
