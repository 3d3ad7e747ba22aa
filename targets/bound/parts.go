package bound

import "unicode/utf8"

// The harness API: exported for the properties of fuzz/property and the
// planted faults of fuzz/planted, which hold the fast parts of this
// package to slower twins, and never called by the guard. Each is a thin
// face of what Check and MeetBounds do inside.

// MatchPositionSet is Match through the position-set simulation alone,
// the form Match takes for long patterns and under case folding, so that
// the glob property of fuzz/bound holds it to ReferenceGlob on short
// patterns too, where Match takes the bit-parallel form. It is not a
// second API: Match is the matcher.
func (g *Glob) MatchPositionSet(s string) bool {
	if !utf8.ValidString(s) || len(g.toks)*len(s) > MaxGlobWork {
		return false
	}
	ok, _ := g.matchSlow(s)
	return ok
}

// Admitter is constraint c with its operands canonicalized once under
// each reading of m (SEP-3246 section 3.2.2; both readings for
// ModeDual), so that a property judging hundreds of probe values against
// one constraint does not canonicalize the operands (and compile a glob)
// again for each value. Harness API: the meet properties of fuzz/property
// judge the meet with it.
//
// The zero Admitter admits nothing.
type Admitter struct {
	mode  Mode
	canon []canonical // one per reading, in the order of readings(mode)
	fold  bool
}

// NewAdmitter canonicalizes c under every reading of m.
func NewAdmitter(c Constraint, m Mode, fold bool) Admitter {
	a := Admitter{mode: m, fold: fold}
	for _, r := range readings(m) {
		a.canon = append(a.canon, canonicalize(c, r, fold))
	}
	return a
}

// Admits reports whether the constraint admits value v of an argument
// (section 3.2): v canonicalized under each reading and refused if it
// cannot be, as Check judges an argument.
func (a Admitter) Admits(v Value) bool {
	return a.AdmitsCanonical(CanonicalValue(v, a.mode, a.fold))
}

// Canonical is an argument value canonicalized under every reading of a
// mode with one folding, as Check canonicalizes it (section 3.2.2), or
// refused if any reading cannot canonicalize it. Harness API: a property
// that judges one value against several constraints canonicalizes it once
// (CanonicalValue) and asks each Admitter with AdmitsCanonical.
type Canonical struct {
	m       Mode
	fold    bool
	forms   []Value
	refused bool
}

// CanonicalValue canonicalizes v under every reading of m.
func CanonicalValue(v Value, m Mode, fold bool) Canonical {
	c := Canonical{m: m, fold: fold}
	for _, r := range readings(m) {
		cv, err := canonValue(v, r, fold)
		if err != nil {
			return Canonical{m: m, fold: fold, refused: true}
		}
		c.forms = append(c.forms, cv)
	}
	return c
}

// AdmitsCanonical is Admits of the value v was canonicalized from. A
// Canonical made under another mode or folding than the admitter's is
// admitted by nothing: the answer would be about another reading.
func (a Admitter) AdmitsCanonical(v Canonical) bool {
	if v.refused || v.m != a.mode || v.fold != a.fold || len(a.canon) == 0 || len(v.forms) != len(a.canon) {
		return false
	}
	for i := range a.canon {
		if !a.canon[i].admits(v.forms[i]) {
			return false
		}
	}
	return true
}

// CanonicalizeString applies the argument canonicalization of SEP-3246
// section 3.2.2 to one string under the plain or the hierarchical reading
// and returns the canonical form, or a *CanonError (errors.Is
// ErrNotCanonical) for a value that must be refused. ModeDual is not one
// reading but two; asking for it is an error, since the caller must judge
// each reading separately. Harness API: the argument canonicalization
// properties of fuzz/property hold it to their reference resolver; Check
// canonicalizes inside.
func CanonicalizeString(s string, m Mode, fold bool) (string, error) {
	if m != ModePlain && m != ModeHierarchical {
		return "", notCanonical("CanonicalizeString reads one mode at a time, not %s", m)
	}
	return canonString(s, m, fold)
}
