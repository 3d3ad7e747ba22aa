package mutation

import (
	"go/ast"
	"go/types"
	"strings"
)

// are (T, bool) for a named type T of the package, and the functions their
// returns hand the result to whole (filterMembers), to a fixed point.
func meetFuncs(p *Package) map[string]bool {
	meet := map[string]bool{}
	sig := map[string]*types.Signature{}
	decls := map[string]*ast.FuncDecl{}
	for _, file := range p.Files {
		for _, d := range file.AST.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			fn, _ := p.Info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			s := fn.Type().(*types.Signature)
			if s.Results().Len() != 2 || !types.Identical(s.Results().At(1).Type(), types.Typ[types.Bool]) {
				continue
			}
			if n, ok := s.Results().At(0).Type().(*types.Named); !ok || n.Obj().Pkg() != p.Types {
				continue
			}
			sig[fd.Name.Name], decls[fd.Name.Name] = s, fd
			if strings.Contains(strings.ToLower(fd.Name.Name), "meet") {
				meet[fd.Name.Name] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for name := range meet {
			ast.Inspect(decls[name], func(n ast.Node) bool {
				ret, ok := n.(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					return true
				}
				if call, ok := ret.Results[0].(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && sig[id.Name] != nil && !meet[id.Name] &&
						types.Identical(sig[id.Name].Results(), sig[name].Results()) {
						meet[id.Name], changed = true, true
					}
				}
				return true
			})
		}
	}
	return meet
}
