package property

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ConstraintMeeter is the meet of two constraints (SEP-3246 section 3.3)
// under test: bound.MeetConstraints, or a planted variant.
type ConstraintMeeter = func(a, b bound.Constraint, m bound.Mode, fold bool) (bound.Constraint, bool)

// BoundMeeter is the meet of two bounds under test: bound.MeetBounds, or a
// planted variant.
type BoundMeeter = func(a, b bound.Bound, c bound.Canon) (bound.Bound, error)

// MeetExactUnder checks one meet under one reading and folding, on the
// probe values given: the meet of a and b admits a probe exactly when both
// do, by bound.Admitter (classes MODE:unsound, MODE:incomplete; an empty
// meet admits nothing). The second operand is judged only where the first
// admits, since only then does its answer decide; a violation reports
// both.
func MeetExactUnder(meet ConstraintMeeter, a, b bound.Constraint, m bound.Mode, fold bool, probes []bound.Value) *Violation {
	return meetExactUnder(meet, a, b, m, fold, distinctProbes(probes))
}

func meetExactUnder(meet ConstraintMeeter, a, b bound.Constraint, m bound.Mode, fold bool, probes []probe) *Violation {
	ab, okab := meet(a, b, m, fold)
	adA, adB := bound.NewAdmitter(a, m, fold), bound.NewAdmitter(b, m, fold)
	var adAB bound.Admitter
	if okab {
		adAB = bound.NewAdmitter(ab, m, fold)
	}
	for _, p := range probes {
		v, cv := p.v, p.canonical(m, fold)
		inAB := okab && adAB.AdmitsCanonical(cv)
		if both := adA.AdmitsCanonical(cv) && adB.AdmitsCanonical(cv); inAB != both {
			class := "unsound"
			if both {
				class = "incomplete"
			}
			return meetViolation(class, a, b, ab, okab, v, m, fold, adA.AdmitsCanonical(cv), adB.AdmitsCanonical(cv), inAB)
		}
	}
	return nil
}

// MeetLawsUnder checks the algebra of the meet on the probes: whichever
// operand comes first it admits the same values (class
// MODE:not-commutative), and the meet of a with itself admits what a does
// (MODE:not-idempotent).
func MeetLawsUnder(meet ConstraintMeeter, a, b bound.Constraint, m bound.Mode, fold bool, probes []bound.Value) *Violation {
	ab, okab := meet(a, b, m, fold)
	ba, okba := meet(b, a, m, fold)
	aa, okaa := meet(a, a, m, fold)
	adA, adAB := bound.NewAdmitter(a, m, fold), bound.NewAdmitter(ab, m, fold)
	adBA, adAA := bound.NewAdmitter(ba, m, fold), bound.NewAdmitter(aa, m, fold)
	for _, p := range distinctProbes(probes) {
		v, cv := p.v, p.canonical(m, fold)
		inA := adA.AdmitsCanonical(cv)
		inAB := okab && adAB.AdmitsCanonical(cv)
		switch {
		case inAB != (okba && adBA.AdmitsCanonical(cv)):
			return meetViolation("not-commutative", a, b, ab, okab, v, m, fold, inA, false, inAB)
		case inA != (okaa && adAA.AdmitsCanonical(cv)):
			return meetViolation("not-idempotent", a, a, aa, okaa, v, m, fold, inA, inA, inA)
		}
	}
	return nil
}

// meetViolation reports one probe a meet gets wrong.
func meetViolation(class string, a, b, met bound.Constraint, ok bool, v bound.Value, m bound.Mode, fold, inA, inB, inMet bool) *Violation {
	ja, _ := a.MarshalJSON()
	jb, _ := b.MarshalJSON()
	jm, _ := met.MarshalJSON()
	jv, _ := v.MarshalJSON()
	return violated("MeetExact", m.String()+":"+class, "fold %v: %s ⊓ %s = %s (non-empty %v); a %v, b %v, the meet %v on %s",
		fold, ja, jb, jm, ok, inA, inB, inMet, jv)
}

// MeetExact draws two constraints from the seed pair (gen.Seeded: eq, in,
// prefix, glob and nested and over fixed operands) and holds their meet
// to MeetExactUnder in every reading, with and without folding, on the
// probes gen.Probes derives from their operands.
func MeetExact(meet ConstraintMeeter, s1, s2 uint64) *Violation {
	g := gen.NewSeeded(s1, s2)
	a, b := g.Constraint(), g.Constraint()
	ps := distinctProbes(gen.Probes(a, b))
	for _, m := range gen.Modes {
		for _, fold := range []bool{false, true} {
			if v := meetExactUnder(meet, a, b, m, fold, ps); v != nil {
				return v
			}
		}
	}
	return nil
}

// MeetExactOnSpellings holds the meet to MeetExactUnder on the pair
// gen.GenerateConstraintPair makes of data: operands that respell one
// path or nested paths (dot segments, '//', percent-encoding, NFD, a
// trailing '/'), under the reading and folding it draws, where a meet
// that compares operands as written goes wrong; and holds the pair's eq
// and in constraints over numbers (numbers with exponents of 17 to 21
// digits) to numbersByValue, an independent reading of SEP-3246 section
// 3.2.3's equality by exact value, and its globs with a ".." after a
// wildcard to globDotSegments.
func MeetExactOnSpellings(meet ConstraintMeeter, data []byte) *Violation {
	p := gen.GenerateConstraintPair(data)
	v := MeetExactUnder(meet, p.A, p.B, p.Mode, p.Fold, p.Probes)
	if v == nil {
		v = numbersByValue("MeetExactOnSpellings", boundAdmits, []bound.Constraint{p.A, p.B}, p.Mode, p.Fold, p.Probes)
	}
	if v == nil {
		v = globDotSegments("MeetExactOnSpellings", boundAdmits, []bound.Constraint{p.A, p.B}, p.Mode, p.Fold, p.Probes)
	}
	if v != nil {
		v.Property = "MeetExactOnSpellings"
	}
	return v
}

// MeetBoundsExact draws two bounds of up to two rules over two tools and
// two arguments from the seed pair, a canonicalization (argument a of t
// hierarchical, b of u plain, folding one time in four), and forty calls
// whose arguments are probes of the bounds' operands: the meet admits a
// call exactly when both bounds do (classes unsound, incomplete; error
// for a meet that fails).
func MeetBoundsExact(meet BoundMeeter, s1, s2 uint64) *Violation {
	const name = "MeetBoundsExact"
	g := gen.NewSeeded(s1, s2)
	x, y := g.Bound(), g.Bound()
	c := bound.Canon{Schemas: bound.Schemas{"t": {"a": bound.ModeHierarchical}, "u": {"b": bound.ModePlain}}, Fold: g.IntN(4) == 0}
	m, err := meet(x, y, c)
	if err != nil {
		return violated(name, "error", "%v", err)
	}
	for _, call := range g.Calls(40, x, y) {
		want := bound.BoundAdmits(x, call, c) && bound.BoundAdmits(y, call, c)
		if got := bound.BoundAdmits(m, call, c); got != want {
			xb, _ := x.MarshalJSON()
			yb, _ := y.MarshalJSON()
			mb, _ := m.MarshalJSON()
			class := "unsound"
			if want {
				class = "incomplete"
			}
			return violated(name, class, "%s ⊓ %s = %s: call %+v admitted %v, want %v", xb, yb, mb, call, got, want)
		}
	}
	return nil
}
