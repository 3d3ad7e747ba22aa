package mutation

import (
	"go/ast"
	"go/types"
	"path"
	"strings"
)

// dropsEmptyMeet reports whether the continue on top of the stack is the
// body of an if whose condition reads the ok of a meet function's result.
func (f *finder) dropsEmptyMeet() bool {
	if len(f.stack) < 3 {
		return false
	}
	ifs, ok := f.stack[len(f.stack)-3].(*ast.IfStmt)
	if !ok || len(ifs.Body.List) != 1 {
		return false
	}
	okVars := map[types.Object]bool{}
	fd := f.stack[0]
	ast.Inspect(fd, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 2 {
			return true
		}
		if call, ok := as.Rhs[0].(*ast.CallExpr); ok {
			if obj := f.callee(call); obj != nil && f.meet[obj.Name()] {
				if id, ok := as.Lhs[1].(*ast.Ident); ok {
					if o := f.pkg.Info.ObjectOf(id); o != nil {
						okVars[o] = true
					}
				}
			}
		}
		return true
	})
	reads := false
	ast.Inspect(ifs.Cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && okVars[f.pkg.Info.Uses[id]] {
			reads = true
		}
		return true
	})
	return reads
}

// guard finds what leads to the statement on top of the stack.
func (f *finder) guard(s ast.Stmt) *guardOf {
	n := len(f.stack)
	if n < 3 {
		return nil
	}
	switch parent := f.stack[n-2].(type) {
	case *ast.BlockStmt:
		switch grand := f.stack[n-3].(type) {
		case *ast.IfStmt:
			if grand.Body == parent {
				return &guardOf{ifStmt: grand}
			}
			if grand.Else == parent {
				return &guardOf{ifStmt: grand, inElse: true}
			}
		case *ast.FuncDecl, *ast.FuncLit:
			if parent.List[len(parent.List)-1] == s {
				return nil
			}
		}
		return &guardOf{removable: !isDefine(s)}
	case *ast.CaseClause:
		if n >= 5 {
			if sw, ok := f.stack[n-4].(*ast.SwitchStmt); ok && sw.Tag == nil && parent.List != nil {
				return &guardOf{clause: parent}
			}
		}
		return &guardOf{removable: !isDefine(s)}
	}
	return nil
}

// kindLabel names the site's refusal kind for the report's tables.
func (f *finder) kindLabel(site *Site, sentinel, typeName, callee string) string {
	short := func(k string) string {
		i := strings.LastIndex(k, ".")
		return path.Base(k[:i]) + k[i:]
	}
	if site.emptyMeet {
		return f.pkg.Name + ".EmptyMeet"
	}
	for _, kp := range site.kindPos {
		if f.model.sentinels[kp.key] {
			return short(kp.key)
		}
	}
	if sentinel != "" {
		return short(sentinel)
	}
	if g := site.guard; g != nil {
		for _, c := range g.conds() {
			label := ""
			ast.Inspect(c, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok && label == "" {
					if obj := referent(f.pkg.Info, e); obj != nil && f.model.sentinels[objKey(obj)] {
						label = short(objKey(obj))
					}
				}
				return label == ""
			})
			if label != "" {
				return label
			}
		}
	}
	if len(site.kindPos) > 0 {
		return short(site.kindPos[0].key)
	}
	if typeName != "" {
		return short(typeName)
	}
	if callee != "" {
		return "callee:" + callee
	}
	return f.pkg.Name + ".refusal"
}
