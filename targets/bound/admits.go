package bound

// canonical is a constraint with its operands canonicalized under one mode
// (never ModeDual). dead marks an operand that cannot be canonicalized: such
// a constraint admits nothing (section 3.2.2, "MUST reject ... rather than
// matching against the raw value").
type canonical struct {
	op       Op
	members  *memberSet // eq (one) and in: the canonical members; members that failed are left out
	scan     []Value    // in, canonicalized for one check: the members as written, canonicalized as they are compared
	prefix   string
	glob     *Glob
	and      []*canonical
	mode     Mode // the reading of scan
	fold     bool // the folding of scan
	boundary bool
	dead     bool
}

// canonicalize prepares c for evaluation under mode m (not ModeDual), for
// many values: an in list becomes a sorted set of its canonical members.
func canonicalize(c Constraint, m Mode, fold bool) canonical {
	return canonicalizeFor(c, m, fold, false)
}

// canonicalizeFor is canonicalize, or with once for the one value of a
// check: an in list is then compared member by member as it is, which
// costs no more than building its set would and allocates nothing for
// members already canonical.
func canonicalizeFor(c Constraint, m Mode, fold, once bool) canonical {
	out := canonical{op: c.Op}
	switch c.Op {
	case OpEq:
		v, err := canonValue(c.Value, m, fold)
		out.members, out.dead = &memberSet{}, err != nil
		if v.Kind == KindString {
			out.members.strs = []string{v.Str}
		} else if err == nil {
			out.members.keys = []string{valueKey(v)}
		}
	case OpIn:
		if once {
			out.scan, out.mode, out.fold = c.Values, m, fold
		} else {
			out.members = newMemberSet(c.Values, m, fold)
		}
	case OpPrefix:
		p, b, err := canonPrefix(c.Operand, m, fold)
		out.prefix, out.boundary, out.dead = p, b, err != nil
	case OpGlob:
		g, err := canonGlob(c.Operand, m, fold)
		// A plain pattern holding a NUL matches only values canonString
		// refuses; it is refused as they are (a hierarchical one is
		// refused by canonGlob), so that a meet never keeps it.
		out.glob, out.dead = g, err != nil || plainNUL(c.Operand, m)
	case OpAnd:
		out.dead = len(c.And) == 0
		for _, e := range c.And {
			ce := canonicalizeFor(e, m, fold, once)
			out.and = append(out.and, &ce)
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
		if c.members == nil {
			return c.scanAdmits(v)
		}
		return c.members.has(v)
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

// scanAdmits reports whether some member of an in list canonicalized for
// one check is canonically equal to v; a member of another type is not
// canonicalized (canonicalization keeps the type).
func (c *canonical) scanAdmits(v Value) bool {
	for _, e := range c.scan {
		if e.Kind != v.Kind {
			continue
		}
		if cv, err := canonValue(e, c.mode, c.fold); err == nil && sameCanonical(cv, v) {
			return true
		}
	}
	return false
}

// valueKey is the deterministic JSON of a canonical value: numbers are
// decimal keys and members are sorted, so two canonical values are equal
// (section 3.2.3, equalCanon) if and only if their keys are.
func valueKey(v Value) string { return string(v.appendJSON(nil)) }

// admitsValue canonicalizes v under mode m and evaluates the canonical
// constraint on it.
func (c *canonical) admitsValue(v Value, m Mode, fold bool) bool {
	cv, err := canonValue(v, m, fold)
	return err == nil && c.admits(cv)
}

// readings returns the modes a value is judged under: both for ModeDual
// (findings/spec/canon-undeclared-path.md), else the one.
func readings(m Mode) []Mode {
	if m == ModeDual {
		return []Mode{ModePlain, ModeHierarchical}
	}
	return []Mode{m}
}
