package mutation

import (
	"go/ast"
	"strings"
)

type finder struct {
	mod   *Module
	model *model
	pkg   *Package
	file  *File
	meet  map[string]bool // meet functions: return (Constraint or Rule, bool)
	sites []*Site
	// per function
	fn      string
	ordinal int
	stack   []ast.Node
}

// FindSites returns every refusal site of the target packages, in package,
// file and source order.
func FindSites(mod *Module) []*Site {
	mdl := buildModel(mod.Targets)
	var sites []*Site
	for _, p := range mod.Targets {
		f := &finder{mod: mod, model: mdl, pkg: p, meet: meetFuncs(p)}
		f.functions()
		f.kindsOfCallees()
		sites = append(sites, f.sites...)
		sites = append(sites, limitSites(mod.Fset, p, mdl, f.sites)...)
	}
	return sites
}

// functions finds the sites of every function of the package that is not
// a constructor helper.
func (f *finder) functions() {
	for _, file := range f.pkg.Files {
		f.file = file
		for _, d := range file.AST.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if _, isHelper := f.model.helpers[objKey(f.pkg.Info.Defs[fd.Name])]; isHelper {
					continue
				}
				f.function(fd)
			}
		}
	}
}

// kindsOfCallees gives a site that calls a refusing function of its
// package the kind of that function's sites, when they agree on one.
func (f *finder) kindsOfCallees() {
	for _, s := range f.sites {
		if !strings.HasPrefix(s.Kind, "callee:") {
			continue
		}
		callee := strings.TrimPrefix(s.Kind, "callee:")
		s.Kind = f.pkg.Name + "." + callee
		kinds := map[string]bool{}
		for _, t := range f.sites {
			if t.Func == callee && !strings.HasPrefix(t.Kind, "callee:") {
				kinds[t.Kind] = true
			}
		}
		if len(kinds) == 1 {
			for k := range kinds {
				s.Kind = k
			}
		}
	}
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

func (f *finder) function(fd *ast.FuncDecl) {
	f.fn, f.ordinal = funcName(fd), 0
	f.stack = f.stack[:0]
	var fnTypes []*ast.FuncType
	ast.Inspect(fd, func(n ast.Node) bool {
		if n == nil {
			if _, ok := f.stack[len(f.stack)-1].(*ast.FuncLit); ok {
				fnTypes = fnTypes[:len(fnTypes)-1]
			}
			f.stack = f.stack[:len(f.stack)-1]
			return true
		}
		f.stack = append(f.stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			fnTypes = append(fnTypes, n.Type)
		case *ast.FuncLit:
			fnTypes = append(fnTypes, n.Type)
		case *ast.ReturnStmt, *ast.AssignStmt, *ast.ExprStmt, *ast.BranchStmt:
			f.statement(n.(ast.Stmt), fnTypes[len(fnTypes)-1])
		}
		return true
	})
}
