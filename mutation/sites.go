package mutation

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strings"
)

// Site is one refusal site: a statement of a target's non-test code that
// builds, returns or passes on a refusal, drops an empty meet, or (for
// ShiftLimit) a constant a refusal depends on.
type Site struct {
	ID      string // Rel/Func#Ordinal@Hash: stable under edits elsewhere
	Pkg     *Package
	File    *File
	Func    string // Recv.Name, or Name; "const" for a limit
	Ordinal int
	Hash    string // of the statement, printed without comments
	Kind    string // the refusal kind: "admit.Syntax", "bound.MalformedError", "bound.EmptyMeet", "limit"
	Line    int
	Stmt    ast.Node

	kindPos   []kindPos
	offsetPos []ast.Expr
	guard     *guardOf
	success   *ast.ReturnStmt // results to turn into success, or nil
	successFn *ast.FuncType
	emptyMeet bool
	consts    []types.Object // numeric constants the refusal depends on
}

type kindPos struct {
	expr ast.Expr
	key  string // the grouped object it names
}

// guardOf says how the statement is reached: through the condition of an
// if (or its else), through the expressions of a tagless case, or neither
// (then DropCheck removes the statement).
type guardOf struct {
	ifStmt    *ast.IfStmt
	inElse    bool
	clause    *ast.CaseClause
	removable bool
}

func (g *guardOf) conds() []ast.Expr {
	switch {
	case g.ifStmt != nil:
		return []ast.Expr{g.ifStmt.Cond}
	case g.clause != nil:
		return g.clause.List
	}
	return nil
}

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
		for _, file := range p.Files {
			f.file = file
			for _, d := range file.AST.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if _, isHelper := mdl.helpers[objKey(p.Info.Defs[fd.Name])]; isHelper {
						continue
					}
					f.function(fd)
				}
			}
		}
		// A site that calls a refusing function of its package takes the
		// kind of that function's sites, when they agree on one.
		for _, s := range f.sites {
			if !strings.HasPrefix(s.Kind, "callee:") {
				continue
			}
			callee := strings.TrimPrefix(s.Kind, "callee:")
			s.Kind = p.Name + "." + callee
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
		sites = append(sites, f.sites...)
		sites = append(sites, limitSites(mod.Fset, p, mdl, f.sites)...)
	}
	return sites
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

// statement decides whether s is a site and records it.
func (f *finder) statement(s ast.Stmt, fnType *ast.FuncType) {
	info := f.pkg.Info
	site := &Site{Pkg: f.pkg, File: f.file, Func: f.fn, Stmt: s}
	found := false
	var sentinel string
	var typeName string
	var calleeName string
	var exprs []ast.Expr
	switch s := s.(type) {
	case *ast.ReturnStmt:
		exprs = s.Results
	case *ast.AssignStmt:
		exprs = s.Rhs
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			if sel, ok := s.Lhs[0].(*ast.SelectorExpr); ok && f.model.refusalTypes[typeKey(info.TypeOf(sel.X))] {
				if k, ok := f.model.grouped(info, s.Rhs[0]); ok {
					found = true
					site.kindPos = append(site.kindPos, kindPos{s.Rhs[0], k})
				}
			}
		}
	case *ast.ExprStmt:
		exprs = []ast.Expr{s.X}
	case *ast.BranchStmt:
		if s.Tok == token.CONTINUE && f.dropsEmptyMeet() {
			found, site.emptyMeet = true, true
		}
	}
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CompositeLit:
				tk := typeKey(info.TypeOf(n))
				if !f.model.refusalTypes[tk] {
					return true
				}
				found = true
				if typeName == "" {
					typeName = tk
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
						site.offsetPos = append(site.offsetPos, kv.Value)
					} else if k, ok := f.model.grouped(info, kv.Value); ok {
						site.kindPos = append(site.kindPos, kindPos{kv.Value, k})
					}
				}
			case *ast.CallExpr:
				obj := f.callee(n)
				if obj == nil {
					return true
				}
				if h := f.model.helpers[objKey(obj)]; h != nil {
					found = true
					if typeName == "" {
						typeName = h.typeName
					}
					if h.kind >= 0 && h.kind < len(n.Args) {
						if k, ok := f.model.grouped(info, n.Args[h.kind]); ok {
							site.kindPos = append(site.kindPos, kindPos{n.Args[h.kind], k})
						}
					}
					if h.offset >= 0 && h.offset < len(n.Args) {
						site.offsetPos = append(site.offsetPos, n.Args[h.offset])
					}
					return true
				}
				if fn, ok := obj.(*types.Func); ok && f.returnsRefusal(fn) && !isDefine(s) {
					found = true
					if calleeName == "" {
						calleeName = strings.TrimPrefix(objKey(fn), f.pkg.Path+".")
					}
				}
			case *ast.Ident, *ast.SelectorExpr:
				obj := referent(info, n.(ast.Expr))
				if obj != nil && f.model.sentinels[objKey(obj)] {
					if _, isRet := s.(*ast.ReturnStmt); isRet || typeName != "" {
						found = true
						if sentinel == "" {
							sentinel = objKey(obj)
						}
					}
				}
				if _, isSel := n.(*ast.SelectorExpr); isSel {
					return false
				}
			}
			return true
		})
	}
	if ret, ok := s.(*ast.ReturnStmt); ok {
		for _, r := range ret.Results {
			if k, ok := f.model.grouped(info, r); ok && f.model.sentinels[k] && isErrorType(info.TypeOf(r)) {
				site.kindPos = append(site.kindPos, kindPos{r, k})
			}
			// A refusal passed on: return violation(d, refusal, params).
			if call, ok := ast.Unparen(r).(*ast.CallExpr); ok {
				for _, a := range call.Args {
					if f.model.refusalTypes[typeKey(info.TypeOf(a))] {
						if _, isIdent := ast.Unparen(a).(*ast.Ident); isIdent {
							found = true
						}
					}
				}
			}
		}
		if f.meet[f.fn] && len(ret.Results) == 2 && isFalse(info, ret.Results[1]) {
			found, site.emptyMeet = true, true
		}
	}
	if !found {
		return
	}
	site.guard = f.guard(s)
	if ret, ok := s.(*ast.ReturnStmt); ok {
		site.success, site.successFn = ret, fnType
	}
	site.Kind = f.kindLabel(site, sentinel, typeName, calleeName)
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

// meetFuncs are the functions whose name contains "meet" and whose results
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

func fsetLine(file *File, pos token.Pos) int {
	base := file.AST.FileStart
	return bytes.Count(file.Src[:int(pos-base)], []byte("\n")) + 1
}

// hashNode hashes a node's printed form, so comments and layout elsewhere
// do not change a site's identity.
func hashNode(fset *token.FileSet, n ast.Node) string {
	if fset == nil {
		fset = token.NewFileSet()
	}
	var b bytes.Buffer
	printer.Fprint(&b, fset, n)
	sum := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(sum[:4])
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
