package mutation

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// constsOf lists the numeric constants of target packages that the site's
// condition, its refusal and the functions its condition calls (one level)
// refer to, except those used as kinds.
func (f *finder) constsOf(site *Site) []types.Object {
	var roots []ast.Node
	roots = append(roots, site.Stmt)
	if g := site.guard; g != nil {
		for _, c := range g.conds() {
			roots = append(roots, c)
		}
		if g.ifStmt != nil && g.ifStmt.Init != nil {
			roots = append(roots, g.ifStmt.Init)
		}
	}
	seen := map[types.Object]bool{}
	var out []types.Object
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if c, ok := f.pkg.Info.Uses[n].(*types.Const); ok && c.Pkg() != nil && f.isTarget(c.Pkg().Path()) {
					if b, ok := c.Type().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 && !seen[c] && !usesIota(f.pkg, c) {
						if _, g := f.model.groups[objKey(c)]; !g || !f.model.sentinelGroup(objKey(c)) {
							seen[c] = true
							out = append(out, c)
						}
					}
				}
			case *ast.CallExpr:
				if depth == 0 {
					if fn, ok := f.callee(n).(*types.Func); ok && fn.Pkg() == f.pkg.Types {
						if body := f.funcBody(fn); body != nil {
							visit(body, 1)
						}
					}
				}
			}
			return true
		})
	}
	for _, r := range roots {
		visit(r, 0)
	}
	return out
}

// sentinelGroup reports whether k's group is one of kinds (sentinels) or of
// codes: constants used as a kind somewhere are not limits.
func (m *model) sentinelGroup(k string) bool {
	for _, x := range m.groups[k] {
		if m.sentinels[x] || m.usedAsKind[x] {
			return true
		}
	}
	return false
}

func (f *finder) funcBody(fn *types.Func) *ast.BlockStmt {
	for _, file := range f.pkg.Files {
		for _, d := range file.AST.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && f.pkg.Info.Defs[fd.Name] == fn {
				return fd.Body
			}
		}
	}
	return nil
}

// limitSites turns each constant the package's sites depend on into one
// site of kind "limit", at its declaration.
func limitSites(fset *token.FileSet, p *Package, m *model, sites []*Site) []*Site {
	for _, s := range sites {
		for _, kp := range s.kindPos {
			m.usedAsKind[kp.key] = true
		}
	}
	seen := map[types.Object]bool{}
	var consts []types.Object
	for _, s := range sites {
		for _, c := range s.consts {
			if !seen[c] && c.Pkg() == p.Types && !m.usedAsKind[objKey(c)] {
				seen[c] = true
				consts = append(consts, c)
			}
		}
	}
	sort.Slice(consts, func(i, j int) bool { return consts[i].Pos() < consts[j].Pos() })
	var out []*Site
	for _, c := range consts {
		for _, file := range p.Files {
			ast.Inspect(file.AST, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok {
					return true
				}
				for i, name := range vs.Names {
					if p.Info.Defs[name] == c && i < len(vs.Values) {
						h := hashNode(fset, vs)
						out = append(out, &Site{
							ID:  fmt.Sprintf("%s/const %s@%s", p.Rel, c.Name(), h),
							Pkg: p, File: file, Func: "const " + c.Name(), Hash: h,
							Kind: "limit", Line: fsetLine(file, vs.Pos()), Stmt: vs.Values[i],
						})
					}
				}
				return false
			})
		}
	}
	return out
}

// usesIota reports a constant whose declaration counts with iota: an
// enumeration, not a limit.
func usesIota(p *Package, c types.Object) bool {
	found := false
	for _, file := range p.Files {
		ast.Inspect(file.AST, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return !found
			}
			for _, name := range vs.Names {
				if p.Info.Defs[name] == c {
					ast.Inspect(vs, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
							found = true
						}
						return true
					})
					if len(vs.Values) == 0 {
						found = true
					}
				}
			}
			return false
		})
	}
	return found
}
