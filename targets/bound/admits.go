package bound

// canonical is a constraint with its operands canonicalized under one mode
// (never ModeDual). dead marks an operand that cannot be canonicalized: such
// a constraint admits nothing (section 3.2.2, "MUST reject ... rather than
// matching against the raw value").
type canonical struct {
	op       Op
	vals     []Value // eq (one) and in, canonical; members that failed are left out
	prefix   string
	boundary bool
	glob     *Glob
	and      []canonical
	dead     bool
}

// canonicalize prepares c for evaluation under mode m (not ModeDual).
func canonicalize(c Constraint, m Mode, fold bool) canonical {
	out := canonical{op: c.Op}
	switch c.Op {
	case OpEq:
		v, err := canonValue(c.Value, m, fold)
		out.vals, out.dead = []Value{v}, err != nil
	case OpIn:
		for _, e := range c.Values {
			if v, err := canonValue(e, m, fold); err == nil {
				out.vals = append(out.vals, v)
			}
		}
	case OpPrefix:
		p, b, err := canonPrefix(c.Operand, m, fold)
		out.prefix, out.boundary, out.dead = p, b, err != nil
	case OpGlob:
		g, err := canonGlob(c.Operand, m, fold)
		out.glob, out.dead = g, err != nil
	case OpAnd:
		out.dead = len(c.And) == 0
		for _, e := range c.And {
			out.and = append(out.and, canonicalize(e, m, fold))
		}
	default:
		out.dead = true
	}
	return out
}

// admits evaluates a canonical constraint on a canonical value. prefix and
// glob admit strings only (section 3.2.1: a type mismatch is no match, never
// a coercion).
func (c *canonical) admits(v Value) bool {
	if c.dead {
		return false
	}
	switch c.op {
	case OpEq, OpIn:
		for _, w := range c.vals {
			if equalCanon(w, v) {
				return true
			}
		}
		return false
	case OpPrefix:
		return v.Kind == KindString && prefixAdmits(c.prefix, c.boundary, v.Str)
	case OpGlob:
		return v.Kind == KindString && c.glob.Match(v.Str)
	case OpAnd:
		for i := range c.and {
			if !c.and[i].admits(v) {
				return false
			}
		}
		return len(c.and) > 0
	}
	return false
}

// readings returns the modes a value is judged under: both for ModeDual
// (findings/spec/canon-undeclared-path.md), else the one.
func readings(m Mode) []Mode {
	if m == ModeDual {
		return []Mode{ModePlain, ModeHierarchical}
	}
	return []Mode{m}
}

// Admits reports whether constraint c admits value v of an argument under
// mode m (section 3.2): both operands canonicalized, the value refused if it
// cannot be.
func Admits(c Constraint, v Value, m Mode, fold bool) bool {
	for _, r := range readings(m) {
		cv, err := canonValue(v, r, fold)
		if err != nil {
			return false
		}
		cc := canonicalize(c, r, fold)
		if !cc.admits(cv) {
			return false
		}
	}
	return true
}
