package mutation

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strings"
)

// The operators (see the package documentation).
const (
	DropCheck     = "DropCheck"
	SwapKind      = "SwapKind"
	ShiftOffset   = "ShiftOffset"
	ShiftCap      = "ShiftCap"
	ShiftLimit    = "ShiftLimit"
	ReturnSuccess = "ReturnSuccess"
)

// Mutant is one mutation of one site: one or more edits of its file.
type Mutant struct {
	ID          string // Site.ID:Operator[.n]
	Num         int    // the schema's number for it, from 1
	Site        *Site
	Operator    string
	Description string
	Edits       []Edit
	Schema      bool // compiled into the package's schema (false: built on its own)
	CompileErr  string
	// probes are the schema numbers whose reach stands for this mutant's
	// (for a ShiftLimit, the functions that read the constant).
	probes []int
}

// Points are the schema numbers whose reach stands for the mutant's: its
// own, and for a constant change the functions that read the constant.
func (m *Mutant) Points() []int { return append([]int{m.Num}, m.probes...) }

// Edit replaces src[Start:End] of the site's file with Mut; wrap gives its
// schema form around the (already schematized) original text.
type Edit struct {
	Start, End int
	Mut        string
	wrap       func(num int, orig string) string
}

func (f *File) offset(p token.Pos) int { return int(p - f.AST.FileStart) }

func (f *File) text(n ast.Node) string { return string(f.Src[f.offset(n.Pos()):f.offset(n.End())]) }

// Apply returns the file's source with the mutant's edits applied.
func (m *Mutant) Apply() []byte {
	src := m.Site.File.Src
	edits := append([]Edit(nil), m.Edits...)
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	var out []byte
	at := 0
	for _, e := range edits {
		out = append(out, src[at:e.Start]...)
		out = append(out, e.Mut...)
		at = e.End
	}
	return append(out, src[at:]...)
}

// Line is the line of the mutant's first edit.
func (m *Mutant) Line() int { return lineOf(m.Site.File.Src, m.Edits[0].Start) }

func lineOf(src []byte, off int) int {
	n := 1
	for _, c := range src[:off] {
		if c == '\n' {
			n++
		}
	}
	return n
}

// Plan is the sweep's mutants with the probes that stand for the reach of
// its constant changes.
type Plan struct {
	Mod     *Module
	Sites   []*Site
	Mutants []*Mutant
	probes  []probe
	Count   int // numbers used by mutants and probes
}

// probe marks the entry of a function: its number is recorded when a test
// runs the function.
type probe struct {
	file *File
	at   int
	num  int
}

// NewPlan finds the sites of the module's targets and builds their mutants.
func NewPlan(mod *Module) *Plan {
	var sites []*Site
	for _, s := range FindSites(mod) {
		if len(mutantsOf(buildModel(mod.Targets), s)) > 0 {
			sites = append(sites, s)
		}
	}
	ms, probes := Mutants(mod, sites)
	return &Plan{Mod: mod, Sites: sites, Mutants: ms, probes: probes, Count: len(ms) + len(probes)}
}

// Mutants builds every mutant of the sites, numbered in ID order.
func Mutants(mod *Module, sites []*Site) ([]*Mutant, []probe) {
	mdl := buildModel(mod.Targets)
	for _, s := range sites {
		for _, kp := range s.kindPos {
			mdl.usedAsKind[kp.key] = true
		}
	}
	var out []*Mutant
	for _, s := range sites {
		out = append(out, mutantsOf(mdl, s)...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	for i, m := range out {
		m.Num = i + 1
	}
	return out, addProbes(out)
}

func on(num int) string { return fmt.Sprintf("canonfuzzMutantOn(%d)", num) }

func mutantsOf(mdl *model, s *Site) []*Mutant {
	f, info := s.File, s.Pkg.Info
	var out []*Mutant
	add := func(op, desc string, edits ...Edit) {
		id := s.ID + ":" + op
		n := 0
		for _, m := range out {
			if m.Operator == op {
				n++
			}
		}
		if n > 0 {
			id = fmt.Sprintf("%s.%d", id, n)
		}
		out = append(out, &Mutant{ID: id, Site: s, Operator: op, Description: desc, Edits: edits, Schema: true})
	}
	if s.Kind == "limit" {
		v := s.Stmt.(ast.Expr)
		text := f.text(v)
		out = append(out, &Mutant{ID: s.ID + ":" + ShiftLimit, Site: s, Operator: ShiftLimit,
			Description: fmt.Sprintf("%s = %s changed by one", strings.TrimPrefix(s.Func, "const "), text),
			Edits:       []Edit{{Start: f.offset(v.Pos()), End: f.offset(v.End()), Mut: "(" + text + ") + 1"}}})
		return out
	}
	// DropCheck.
	if g := s.guard; g != nil {
		switch {
		case g.ifStmt != nil && !g.inElse:
			c := g.ifStmt.Cond
			add(DropCheck, "the condition of the refusal forced false", Edit{
				Start: f.offset(c.Pos()), End: f.offset(c.End()), Mut: "false && (" + f.text(c) + ")",
				wrap: func(num int, orig string) string { return "(!" + on(num) + " && (" + orig + "))" }})
		case g.ifStmt != nil:
			c := g.ifStmt.Cond
			add(DropCheck, "the else that refuses never taken", Edit{
				Start: f.offset(c.Pos()), End: f.offset(c.End()), Mut: "true || (" + f.text(c) + ")",
				wrap: func(num int, orig string) string { return "(" + on(num) + " || (" + orig + "))" }})
		case g.clause != nil:
			var edits []Edit
			for _, c := range g.clause.List {
				edits = append(edits, Edit{Start: f.offset(c.Pos()), End: f.offset(c.End()), Mut: "false && (" + f.text(c) + ")",
					wrap: func(num int, orig string) string { return "(!" + on(num) + " && (" + orig + "))" }})
			}
			add(DropCheck, "the case of the refusal forced false", edits...)
		case g.removable:
			add(DropCheck, "the refusing statement removed (falls through)", Edit{
				Start: f.offset(s.Stmt.Pos()), End: f.offset(s.Stmt.End()), Mut: "",
				wrap: func(num int, orig string) string { return "if " + on(num) + " {} else { " + orig + " }" }})
		}
	}
	// SwapKind.
	seen := map[ast.Expr]bool{}
	for _, kp := range s.kindPos {
		if seen[kp.expr] {
			continue
		}
		seen[kp.expr] = true
		nb := mdl.neighbour(kp.key)
		i := strings.LastIndex(nb, ".")
		nbPkg, nbName := nb[:i], nb[i+1:]
		if !token.IsExported(nbName) && nbPkg != s.Pkg.Path {
			continue
		}
		text := nbName
		if sel, ok := ast.Unparen(kp.expr).(*ast.SelectorExpr); ok {
			text = f.text(sel.X) + "." + nbName
		}
		typ := typeArg(s, info.TypeOf(kp.expr))
		mut := text
		add(SwapKind, fmt.Sprintf("%s swapped for %s", f.text(kp.expr), text), Edit{
			Start: f.offset(kp.expr.Pos()), End: f.offset(kp.expr.End()), Mut: mut,
			wrap: func(num int, orig string) string {
				return pick(typ, num, orig, mut)
			}})
	}
	// ShiftOffset.
	for _, e := range s.offsetPos {
		text := f.text(e)
		typ := typeArg(s, info.TypeOf(e))
		mut := "(" + text + ") + 1"
		add(ShiftOffset, "the offset moved by one", Edit{
			Start: f.offset(e.Pos()), End: f.offset(e.End()), Mut: mut,
			wrap: func(num int, orig string) string {
				return pick(typ, num, orig, mut)
			}})
	}
	// ShiftCap.
	if g := s.guard; g != nil {
		for _, c := range g.conds() {
			ast.Inspect(c, func(n ast.Node) bool {
				be, ok := n.(*ast.BinaryExpr)
				if !ok {
					return true
				}
				capX, capY := mentionsCap(mdl, s, be.X), mentionsCap(mdl, s, be.Y)
				if !capX && !capY {
					return true
				}
				x, y := f.text(be.X), f.text(be.Y)
				var mut string
				switch be.Op {
				case token.GTR, token.GEQ, token.LSS, token.LEQ:
					mut = x + " " + flip[be.Op].String() + " " + y
				case token.EQL:
					if capY {
						mut = x + " == (" + y + ") + 1"
					} else {
						mut = "(" + x + ") + 1 == " + y
					}
				default:
					return true
				}
				add(ShiftCap, fmt.Sprintf("%s moved by one: %s", f.text(be), mut), Edit{
					Start: f.offset(be.Pos()), End: f.offset(be.End()), Mut: mut,
					wrap: func(num int, orig string) string {
						return "(" + on(num) + " && (" + mut + ") || !" + on(num) + " && (" + orig + "))"
					}})
				return true
			})
		}
	}
	// ReturnSuccess.
	if ret := s.success; ret != nil && len(ret.Results) > 0 {
		var parts, dropped []string
		changed := false
		for i, r := range ret.Results {
			t := info.TypeOf(r)
			switch {
			case s.emptyMeet && i == len(ret.Results)-1 && isFalse(info, r):
				parts, changed = append(parts, "true"), true
			case (isErrorType(t) || isRefusalPtr(mdl, t)) && !isNil(info, r):
				parts, changed = append(parts, "nil"), true
				dropped = append(dropped, f.text(r))
			default:
				parts = append(parts, f.text(r))
			}
		}
		if changed {
			mut := "return " + strings.Join(parts, ", ")
			if len(dropped) > 0 {
				// Keep the refusal's expression evaluated and discarded, so
				// that an import or a variable it alone uses stays used.
				mut = strings.Repeat("_, ", len(dropped)-1) + "_ = " + strings.Join(dropped, ", ") + "; " + mut
			}
			add(ReturnSuccess, "the refusal returned as success: "+mut, Edit{
				Start: f.offset(ret.Pos()), End: f.offset(ret.End()), Mut: mut,
				wrap: func(num int, orig string) string { return "if " + on(num) + " { " + mut + " } else { " + orig + " }" }})
		}
	}
	return out
}

var flip = map[token.Token]token.Token{token.GTR: token.GEQ, token.GEQ: token.GTR, token.LSS: token.LEQ, token.LEQ: token.LSS}

func isRefusalPtr(mdl *model, t types.Type) bool {
	_, ptr := t.(*types.Pointer)
	return ptr && mdl.refusalTypes[typeKey(t)]
}

// mentionsCap reports an operand that names a numeric constant of a target
// package (not a kind) or a value whose name says it is a cap.
func mentionsCap(mdl *model, s *Site, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if c, ok := s.Pkg.Info.Uses[id].(*types.Const); ok && c.Pkg() != nil && !mdl.usedAsKind[objKey(c)] && !mdl.sentinels[objKey(c)] {
			if b, ok := c.Type().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 && !usesIota(s.Pkg, c) {
				found = true
			}
		}
		name := strings.ToLower(id.Name)
		for _, w := range []string{"max", "cap", "limit", "budget"} {
			if strings.Contains(name, w) && id.Name != "cap" {
				found = true
			}
		}
		return !found
	})
	return found
}

// typeArg writes t as the site's file would name it, or "" when the file
// cannot name it: a type of a package the file does not import, such as
// jsonwire.Kind in a file of admit that names it through the alias
// admit.Kind. The wrapper then leaves the type to inference from the
// original, which has it (a kind or an offset is a typed expression
// there); spelled out, the schema did not type-check, and the mutant was
// left out of it untraced, so reported NoCoverage unrun.
func typeArg(s *Site, t types.Type) string {
	t = types.Default(t)
	nameable := true
	typ := types.TypeString(t, func(p *types.Package) string {
		if p == s.Pkg.Types || p.Path() == s.Pkg.Path {
			return ""
		}
		for _, imp := range s.File.AST.Imports {
			ip := strings.Trim(imp.Path.Value, `"`)
			if ip == p.Path() {
				if imp.Name != nil {
					return imp.Name.Name
				}
				return p.Name()
			}
		}
		nameable = false
		return path.Base(p.Path())
	})
	if !nameable {
		return ""
	}
	return typ
}

// pick writes the schema's choice between orig and mut, with the type
// argument when the file can name it (typeArg).
func pick(typ string, num int, orig, mut string) string {
	if typ == "" {
		return fmt.Sprintf("canonfuzzMutantPick(%d, %s, %s)", num, orig, mut)
	}
	return fmt.Sprintf("canonfuzzMutantPick[%s](%d, %s, %s)", typ, num, orig, mut)
}

// addProbes gives each ShiftLimit mutant the functions of its package that
// read its constant as probes: a test reaches the limit when it runs one.
func addProbes(ms []*Mutant) []probe {
	next := len(ms) + 1
	nums := map[*ast.FuncDecl]int{}
	var probes []probe
	for _, m := range ms {
		if m.Operator != ShiftLimit {
			continue
		}
		p := m.Site.Pkg
		var obj types.Object
		for id, o := range p.Info.Defs {
			if o != nil && "const "+id.Name == m.Site.Func && o.Parent() == p.Types.Scope() {
				obj = o
			}
		}
		for _, file := range p.Files {
			for _, d := range file.AST.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				uses := false
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && p.Info.Uses[id] == obj {
						uses = true
					}
					return !uses
				})
				if !uses {
					continue
				}
				if _, ok := nums[fd]; !ok {
					nums[fd] = next
					probes = append(probes, probe{file: file, at: file.offset(fd.Body.Lbrace) + 1, num: next})
					next++
				}
				m.probes = append(m.probes, nums[fd])
			}
		}
	}
	return probes
}

func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("nil")
}
