package mutation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/gocmd"
)

// listed is the part of `go list -json` the sweep reads.
type listed struct {
	ImportPath   string
	Name         string
	Dir          string
	Export       string
	GoFiles      []string
	TestGoFiles  []string
	XTestGoFiles []string
	Imports      []string
	TestImports  []string
	XTestImports []string
	Deps         []string
	Standard     bool
	Module       *struct{ Path, Dir string }
	Error        *struct{ Err string }
}

// Package is one target package, parsed and type-checked from source.
type Package struct {
	Path  string // import path
	Rel   string // path relative to the module root, slash-separated ("targets/admit")
	Name  string
	Dir   string
	Files []*File
	Types *types.Package
	Info  *types.Info
}

// File is one non-test Go file of a target package.
type File struct {
	Path string // absolute
	Rel  string // relative to the module root
	Src  []byte
	AST  *ast.File
}

// Module is what the sweep knows of the module under test: its root, the
// target packages and every package's listing.
type Module struct {
	Root     string
	Path     string
	Fset     *token.FileSet
	Targets  []*Package
	listing  map[string]*listed
	exports  map[string]string
	importer types.ImporterFrom
}

// goList runs `go list -e -json` with args in dir and decodes the stream.
func goList(dir string, args ...string) ([]*listed, error) {
	out, err := gocmd.Output(context.Background(), dir, append([]string{"list", "-e", "-json"}, args...)...)
	if err != nil {
		return nil, err
	}
	var pkgs []*listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, &p)
	}
	return pkgs, nil
}

// Load lists the module at root, builds export data for every dependency of
// the target patterns (`go list -export`) and parses and type-checks each
// target package from source.
func Load(root string, patterns ...string) (*Module, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	all, err := goList(root, "./...")
	if err != nil {
		return nil, err
	}
	deps, err := goList(root, append([]string{"-export", "-deps"}, patterns...)...)
	if err != nil {
		return nil, err
	}
	targets, err := goList(root, patterns...)
	if err != nil {
		return nil, err
	}
	if err := allFound(patterns, targets); err != nil {
		return nil, err
	}
	m := &Module{Root: root, Fset: token.NewFileSet(), listing: map[string]*listed{}, exports: map[string]string{}}
	for _, p := range append(all, deps...) {
		if _, ok := m.listing[p.ImportPath]; !ok || p.Export != "" {
			m.listing[p.ImportPath] = p
		}
		if p.Export != "" {
			m.exports[p.ImportPath] = p.Export
		}
		if p.Module != nil && p.Module.Dir == root {
			m.Path = p.Module.Path
		}
	}
	m.importer = importer.ForCompiler(m.Fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := m.exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	}).(types.ImporterFrom)
	for _, t := range targets {
		pkg, err := m.parse(t)
		if err != nil {
			return nil, err
		}
		m.Targets = append(m.Targets, pkg)
	}
	sort.Slice(m.Targets, func(i, j int) bool { return m.Targets[i].Path < m.Targets[j].Path })
	return m, nil
}

func (m *Module) parse(t *listed) (*Package, error) {
	rel, err := filepath.Rel(m.Root, t.Dir)
	if err != nil {
		return nil, err
	}
	pkg := &Package{Path: t.ImportPath, Rel: filepath.ToSlash(rel), Name: t.Name, Dir: t.Dir}
	for _, name := range t.GoFiles {
		path := filepath.Join(t.Dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(m.Fset, path, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		pkg.Files = append(pkg.Files, &File{Path: path, Rel: pkg.Rel + "/" + name, Src: src, AST: f})
	}
	var asts []*ast.File
	for _, f := range pkg.Files {
		asts = append(asts, f.AST)
	}
	pkg.Info = newInfo()
	tp, err := m.check(m.Fset, pkg.Path, asts, pkg.Info)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %v", pkg.Path, err)
	}
	pkg.Types = tp
	return pkg, nil
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
}

// check type-checks one package's files, parsed into fset, against the
// export data of its dependencies and returns the first error.
func (m *Module) check(fset *token.FileSet, path string, files []*ast.File, info *types.Info) (*types.Package, error) {
	var first error
	conf := types.Config{
		Importer: m.importer,
		Error: func(err error) {
			if first == nil {
				first = err
			}
		},
	}
	pkg, _ := conf.Check(path, fset, files, info)
	return pkg, first
}

// Typecheck reports whether the target package compiles with the files
// whose contents are in replaced (absolute path to source); added files
// are appended. It is how a mutant is judged CompileError without a build.
func (m *Module) Typecheck(pkg *Package, replaced map[string][]byte) error {
	fset := token.NewFileSet()
	var files []*ast.File
	seen := map[string]bool{}
	for _, f := range pkg.Files {
		src := f.Src
		if r, ok := replaced[f.Path]; ok {
			src = r
		}
		seen[f.Path] = true
		af, err := parser.ParseFile(fset, f.Path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, af)
	}
	var extra []string
	for path := range replaced {
		if !seen[path] {
			extra = append(extra, path)
		}
	}
	sort.Strings(extra)
	for _, path := range extra {
		af, err := parser.ParseFile(fset, path, replaced[path], parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, af)
	}
	_, err := m.check(fset, pkg.Path, files, nil)
	return err
}

// TestPackages lists the module's packages that have tests and depend on
// the package at path, in their own code or in their tests' imports; the
// package itself comes first.
func (m *Module) TestPackages(path string) []*listed {
	var out []*listed
	if p := m.listing[path]; p != nil && len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 {
		out = append(out, p)
	}
	var others []*listed
	for _, p := range m.listing {
		if p.ImportPath == path || p.Standard || p.Module == nil || p.Module.Dir != m.Root {
			continue
		}
		if len(p.TestGoFiles)+len(p.XTestGoFiles) == 0 || strings.HasPrefix(p.ImportPath, m.Path+"/mutation") {
			continue
		}
		if m.dependsOn(p, path) {
			others = append(others, p)
		}
	}
	sort.Slice(others, func(i, j int) bool { return others[i].ImportPath < others[j].ImportPath })
	return append(out, others...)
}

func (m *Module) dependsOn(p *listed, path string) bool {
	if contains(p.Deps, path) {
		return true
	}
	for _, imp := range append(append([]string(nil), p.TestImports...), p.XTestImports...) {
		if imp == path {
			return true
		}
		if q := m.listing[imp]; q != nil && contains(q.Deps, path) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ErrNoPackage is matched by the error of Load for a pattern that names no
// package of the module.
var ErrNoPackage = errors.New("mutation: no package")

// allFound refuses target patterns that name no package: go list -e
// answers such a pattern with an entry without a directory.
func allFound(patterns []string, targets []*listed) error {
	if len(targets) == 0 {
		return fmt.Errorf("%w matches %q", ErrNoPackage, patterns)
	}
	for _, t := range targets {
		if t.Dir == "" {
			reason := "no such package"
			if t.Error != nil {
				reason = t.Error.Err
			}
			return fmt.Errorf("%w for the pattern %q: %s", ErrNoPackage, t.ImportPath, reason)
		}
	}
	return nil
}
