package mutation

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// model is what the analysis learns about refusals across the target
// packages before it looks for sites. Objects are keyed by "pkgpath.Name"
// (methods "pkgpath.Recv.Name"), because a package type-checked from source
// and the same package read from export data by an importer have different
// objects.
type model struct {
	refusalTypes map[string]bool     // struct types that implement error
	kindTypes    map[string]bool     // non-struct types that implement error (admit.Kind)
	sentinels    map[string]bool     // error variables and kind-type constants
	groups       map[string][]string // a grouped declaration's members, in order
	helpers      map[string]*helper  // constructor helpers
	usedAsKind   map[string]bool     // grouped names used as a kind somewhere
}

// helper is a constructor: a function whose body is one return of a
// refusal literal. kind and offset are the parameters that become the
// literal's kind-like field and its offset field (-1 if none).
type helper struct {
	typeName string
	kind     int
	offset   int
}

func objKey(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	if f, ok := obj.(*types.Func); ok {
		if recv := f.Type().(*types.Signature).Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok {
				return obj.Pkg().Path() + "." + n.Obj().Name() + "." + obj.Name()
			}
		}
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// typeKey names a (pointer to a) named type, or "". An alias is the type
// it stands for: admit.Error is the Error of targets/internal/jsonwire.
func typeKey(t types.Type) string {
	if t == nil {
		return ""
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return ""
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func isErrorType(t types.Type) bool {
	if t == nil {
		return false
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Name() == "error" && n.Obj().Pkg() == nil {
		return true
	}
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func buildModel(pkgs []*Package) *model {
	m := &model{
		refusalTypes: map[string]bool{}, kindTypes: map[string]bool{}, sentinels: map[string]bool{},
		groups: map[string][]string{}, helpers: map[string]*helper{}, usedAsKind: map[string]bool{},
	}
	for _, p := range pkgs {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			implements := types.Implements(tn.Type(), errorType) || types.Implements(types.NewPointer(tn.Type()), errorType)
			if !implements {
				continue
			}
			if _, isStruct := tn.Type().Underlying().(*types.Struct); isStruct {
				m.refusalTypes[objKey(tn)] = true
			} else if b, ok := tn.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				m.kindTypes[objKey(tn)] = true
			}
		}
	}
	for _, p := range pkgs {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			switch o := obj.(type) {
			case *types.Var:
				if isErrorType(o.Type()) {
					m.sentinels[objKey(o)] = true
				}
			case *types.Const:
				if m.kindTypes[typeKey(o.Type())] {
					m.sentinels[objKey(o)] = true
				}
			}
		}
		for _, f := range p.Files {
			for _, d := range f.AST.Decls {
				switch d := d.(type) {
				case *ast.GenDecl:
					m.addGroup(p, d)
				case *ast.FuncDecl:
					m.addHelper(p, d)
				}
			}
		}
	}
	return m
}

// addGroup records a parenthesized const or var declaration of two or more
// single-name specs as a group, so a kind can be swapped for its neighbour.
func (m *model) addGroup(p *Package, d *ast.GenDecl) {
	if (d.Tok != token.CONST && d.Tok != token.VAR) || len(d.Specs) < 2 {
		return
	}
	var keys []string
	for _, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		for _, n := range vs.Names {
			if obj := p.Info.Defs[n]; obj != nil && n.Name != "_" {
				keys = append(keys, objKey(obj))
			}
		}
	}
	for _, k := range keys {
		m.groups[k] = keys
	}
}

func (m *model) addHelper(p *Package, d *ast.FuncDecl) {
	if d.Body == nil || len(d.Body.List) != 1 {
		return
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return
	}
	lit := compositeLit(ret.Results[0])
	if lit == nil || !m.refusalTypes[typeKey(p.Info.TypeOf(lit))] {
		return
	}
	params := map[types.Object]int{}
	i := 0
	for _, field := range d.Type.Params.List {
		for _, n := range field.Names {
			params[p.Info.Defs[n]] = i
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	h := &helper{typeName: typeKey(p.Info.TypeOf(lit)), kind: -1, offset: -1}
	for _, e := range embeddedFields(lit) {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		id, ok := stripConversion(p.Info, kv.Value).(*ast.Ident)
		if key == nil || !ok {
			continue
		}
		idx, isParam := params[p.Info.Uses[id]]
		if !isParam {
			continue
		}
		if isOffsetField(key.Name) {
			h.offset = idx
		} else if m.kindTypes[typeKey(p.Info.TypeOf(kv.Value))] || strings.Contains(strings.ToLower(key.Name), "kind") {
			h.kind = idx
		}
	}
	m.helpers[objKey(p.Info.Defs[d.Name])] = h
}

// embeddedFields returns the elements of a refusal literal, or of the one
// literal it embeds (digest.Error{positioned{Kind: ...}}), where the kind
// and offset fields are.
func embeddedFields(lit *ast.CompositeLit) []ast.Expr {
	if len(lit.Elts) == 1 {
		e := lit.Elts[0]
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			e = kv.Value
		}
		if inner, ok := e.(*ast.CompositeLit); ok {
			return inner.Elts
		}
	}
	return lit.Elts
}

func isOffsetField(name string) bool {
	return strings.Contains(name, "Offset")
}

// compositeLit returns e as a composite literal, looking through &.
func compositeLit(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, _ := ast.Unparen(e).(*ast.CompositeLit)
	return lit
}

// stripConversion looks through a type conversion such as int64(offset).
func stripConversion(info *types.Info, e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			return ast.Unparen(call.Args[0])
		}
	}
	return e
}

// referent returns the object an identifier or a qualified identifier
// names, or nil.
func referent(info *types.Info, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.Uses[e]
	case *ast.SelectorExpr:
		if _, isPkg := info.Uses[identOf(e.X)].(*types.PkgName); isPkg {
			return info.Uses[e.Sel]
		}
	}
	return nil
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// grouped reports whether e names a package-level const or var that has
// neighbours in its declaration group.
func (m *model) grouped(info *types.Info, e ast.Expr) (string, bool) {
	obj := referent(info, e)
	if obj == nil || obj.Parent() != obj.Pkg().Scope() {
		return "", false
	}
	k := objKey(obj)
	return k, len(m.groups[k]) > 1
}

// neighbour is the next member of k's group, wrapping round.
func (m *model) neighbour(k string) string {
	g := m.groups[k]
	for i, x := range g {
		if x == k {
			return g[(i+1)%len(g)]
		}
	}
	return ""
}
