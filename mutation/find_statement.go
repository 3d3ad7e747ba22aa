package mutation

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// scan is what the reading of one statement found: whether it is a site,
// and the names its kind label is chosen from.
type scan struct {
	stmt     ast.Stmt
	site     *Site
	found    bool
	sentinel string // the first sentinel it names
	typeName string // the first refusal type it builds
	callee   string // the first refusing function of the package it calls
}

// statement decides whether s is a site and records it.
func (f *finder) statement(s ast.Stmt, fnType *ast.FuncType) {
	sc := &scan{stmt: s, site: &Site{Pkg: f.pkg, File: f.file, Func: f.fn, Stmt: s}}
	for _, e := range f.statementExprs(sc) {
		ast.Inspect(e, func(n ast.Node) bool { return f.expr(sc, n) })
	}
	if ret, ok := s.(*ast.ReturnStmt); ok {
		f.returned(sc, ret)
	}
	if !sc.found {
		if k := f.handledSentinel(s); k != "" {
			sc.found, sc.sentinel = true, k
		}
	}
	if sc.found {
		f.record(sc, fnType)
	}
}

// statementExprs returns the expressions of the statement to read, and
// marks the sites the statement's form alone makes: a refusal's kind set
// (r.Code = CodeParseError), an empty meet's continue.
func (f *finder) statementExprs(sc *scan) []ast.Expr {
	info := f.pkg.Info
	switch s := sc.stmt.(type) {
	case *ast.ReturnStmt:
		return s.Results
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			if sel, ok := s.Lhs[0].(*ast.SelectorExpr); ok && f.model.refusalTypes[typeKey(info.TypeOf(sel.X))] {
				if k, ok := f.model.grouped(info, s.Rhs[0]); ok {
					sc.found = true
					sc.site.kindPos = append(sc.site.kindPos, kindPos{s.Rhs[0], k})
				}
			}
		}
		return s.Rhs
	case *ast.ExprStmt:
		return []ast.Expr{s.X}
	case *ast.BranchStmt:
		if s.Tok == token.CONTINUE && f.dropsEmptyMeet() {
			sc.found, sc.site.emptyMeet = true, true
		}
	}
	return nil
}

// expr reads one node of the statement's expressions; it is an
// ast.Inspect visitor.
func (f *finder) expr(sc *scan, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncLit:
		return false
	case *ast.CompositeLit:
		f.refusalLiteral(sc, n)
	case *ast.CallExpr:
		f.refusalCall(sc, n)
	case *ast.Ident, *ast.SelectorExpr:
		obj := referent(f.pkg.Info, n.(ast.Expr))
		if obj != nil && f.model.sentinels[objKey(obj)] {
			if _, isRet := sc.stmt.(*ast.ReturnStmt); isRet || sc.typeName != "" {
				sc.found = true
				if sc.sentinel == "" {
					sc.sentinel = objKey(obj)
				}
			}
		}
		if _, isSel := n.(*ast.SelectorExpr); isSel {
			return false
		}
	}
	return true
}

// refusalLiteral reads a composite literal: a refusal type's literal is a
// site, its offset and kind fields the places to mutate.
func (f *finder) refusalLiteral(sc *scan, n *ast.CompositeLit) {
	info := f.pkg.Info
	tk := typeKey(info.TypeOf(n))
	if !f.model.refusalTypes[tk] {
		return
	}
	sc.found = true
	if sc.typeName == "" {
		sc.typeName = tk
	}
	for _, el := range n.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		if isOffsetField(key.Name) {
			sc.site.offsetPos = append(sc.site.offsetPos, kv.Value)
		} else if k, ok := f.model.grouped(info, kv.Value); ok {
			sc.site.kindPos = append(sc.site.kindPos, kindPos{kv.Value, k})
		}
	}
}

// refusalCall reads a call: a constructor helper's call is a site with the
// kind and offset of its arguments; a call of a function that returns a
// refusal pointer is a site too.
func (f *finder) refusalCall(sc *scan, n *ast.CallExpr) {
	obj := f.callee(n)
	if obj == nil {
		return
	}
	if h := f.model.helpers[objKey(obj)]; h != nil {
		sc.found = true
		if sc.typeName == "" {
			sc.typeName = h.typeName
		}
		if h.kind >= 0 && h.kind < len(n.Args) {
			if k, ok := f.model.grouped(f.pkg.Info, n.Args[h.kind]); ok {
				sc.site.kindPos = append(sc.site.kindPos, kindPos{n.Args[h.kind], k})
			}
		}
		if h.offset >= 0 && h.offset < len(n.Args) {
			sc.site.offsetPos = append(sc.site.offsetPos, n.Args[h.offset])
		}
		return
	}
	if fn, ok := obj.(*types.Func); ok && f.returnsRefusal(fn) && !isDefine(sc.stmt) {
		sc.found = true
		if sc.callee == "" {
			sc.callee = strings.TrimPrefix(objKey(fn), f.pkg.Path+".")
		}
	}
}

// returned reads a return statement's results: a sentinel returned, a
// refusal passed on (return violation(d, refusal, params)), a meet's false.
func (f *finder) returned(sc *scan, ret *ast.ReturnStmt) {
	info := f.pkg.Info
	for _, r := range ret.Results {
		if k, ok := f.model.grouped(info, r); ok && f.model.sentinels[k] && isErrorType(info.TypeOf(r)) {
			sc.site.kindPos = append(sc.site.kindPos, kindPos{r, k})
		}
		if call, ok := ast.Unparen(r).(*ast.CallExpr); ok {
			for _, a := range call.Args {
				if f.model.refusalTypes[typeKey(info.TypeOf(a))] {
					if _, isIdent := ast.Unparen(a).(*ast.Ident); isIdent {
						sc.found = true
					}
				}
			}
		}
	}
	if f.meet[f.fn] && len(ret.Results) == 2 && isFalse(info, ret.Results[1]) {
		sc.found, sc.site.emptyMeet = true, true
	}
}

// record completes the site (its guard, kind, constants and identity) and
// adds it.
func (f *finder) record(sc *scan, fnType *ast.FuncType) {
	site, s := sc.site, sc.stmt
	site.guard = f.guard(s)
	if ret, ok := s.(*ast.ReturnStmt); ok {
		site.success, site.successFn = ret, fnType
	}
	site.Kind = f.kindLabel(site, sc.sentinel, sc.typeName, sc.callee)
	site.consts = f.constsOf(site)
	site.Ordinal = f.ordinal
	f.ordinal++
	site.Hash = hashNode(f.mod.Fset, s)
	site.Line = f.mod.Fset.Position(s.Pos()).Line
	site.ID = fmt.Sprintf("%s/%s#%d@%s", f.pkg.Rel, site.Func, site.Ordinal, site.Hash)
	f.sites = append(f.sites, site)
}

func isFalse(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("false")
}

// callee is the function or method a call names, or nil.
func (f *finder) callee(call *ast.CallExpr) types.Object {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.pkg.Info.Uses[fun]
	case *ast.SelectorExpr:
		if sel := f.pkg.Info.Selections[fun]; sel != nil {
			return sel.Obj()
		}
		return f.pkg.Info.Uses[fun.Sel]
	}
	return nil
}

// returnsRefusal reports a target function (not a helper) whose results
// include a refusal type, such as guard's notAdmitted.
func (f *finder) returnsRefusal(fn *types.Func) bool {
	if fn.Pkg() == nil || !f.isTarget(fn.Pkg().Path()) {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	_, isPtr := res.At(0).Type().(*types.Pointer)
	return isPtr && f.model.refusalTypes[typeKey(res.At(0).Type())]
}

// isDefine reports a short variable declaration, which cannot be removed.
func isDefine(s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	return ok && as.Tok == token.DEFINE
}

func (f *finder) isTarget(path string) bool {
	for _, p := range f.mod.Targets {
		if p.Path == path {
			return true
		}
	}
	return false
}
