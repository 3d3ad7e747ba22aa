package bound

// Op is a constraint operator: exactly the five of SEP-3246 section 3.2.
type Op string

const (
	OpEq     Op = "eq"
	OpIn     Op = "in"
	OpPrefix Op = "prefix"
	OpGlob   Op = "glob"
	OpAnd    Op = "and"
)

// Constraint restricts one argument's value (section 3.2). Which fields are
// used depends on Op: Value for eq, Values for in, Operand for prefix and
// glob, And for and. Operands are kept as written; they are canonicalized
// when a constraint is evaluated or met, under the argument's Mode.
type Constraint struct {
	Op      Op
	Value   Value
	Values  []Value
	Operand string
	And     []Constraint
}

// Rule permits one tool, with optional constraints by argument name
// (section 3.1). An argument not named is unconstrained.
type Rule struct {
	Tool string
	Args map[string]Constraint
}

// Bound is a union of rules (section 3.1). The empty bound admits nothing.
type Bound []Rule

// Hop is one delegation: the component and the bound it attached (section
// 2.2).
type Hop struct {
	Component string
	Bound     Bound
}

// Version is the only provenance version this package implements (section
// 2.2: "This document defines v: 1").
const Version = 1

// Provenance is the object carried under _meta["io.noescalation/provenance"]
// (section 2.1, 2.2). The reserved "sig" is ignored on parse and never
// written (section 2.2, 4.5).
type Provenance struct {
	V     int
	Chain []Hop
}

// Extend returns a new provenance with one hop appended (section 4.1 step
// 2); the receiver and its hops are not modified. A nil receiver is the
// absent chain, which an originating guard starts anew at Version.
func (p *Provenance) Extend(component string, b Bound) *Provenance {
	out := &Provenance{V: Version}
	if p != nil {
		out.V = p.V
		out.Chain = append(out.Chain, p.Chain...)
	}
	out.Chain = append(out.Chain, Hop{Component: component, Bound: b})
	return out
}

// Call is the effect being checked: a tool name and its arguments (section
// 1, 3.1).
type Call struct {
	Name      string
	Arguments map[string]Value
}
