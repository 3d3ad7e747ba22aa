package property

import (
	"errors"

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
		inA, inB := adA.AdmitsCanonical(cv), adB.AdmitsCanonical(cv)
		if p.collides {
			if v := collidingAdmitted(a, b, ab, okab, v, m, fold, inA, inB, inAB); v != nil {
				return v
			}
		}
		if v := deadOperandAdmits(a, v, m, fold, inA); v != nil {
			return v
		}
		if v := deadOperandAdmits(b, v, m, fold, inB); v != nil {
			return v
		}
		if both := inA && inB; inAB != both {
			class := "unsound"
			if both {
				class = "incomplete"
			}
			return meetViolation(class, a, b, ab, okab, v, m, fold, inA, inB, inAB)
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
			if v := emptyPrefixMeetKept(meet, a, b, m, fold, ps); v != nil {
				return v
			}
		}
	}
	return nil
}

// emptyPrefixMeetKept holds the meet of two prefix constraints under one
// reading (not ModeDual) to SEP-3246 section 3.3, "dropping the rule if
// any argument's constraint intersection is empty": in one reading two
// prefixes are nested or disjoint, and nested ones share the longer
// operand and its extension by "/x", both among gen.Probes' variants, so
// a meet it reports non-empty of which no probe satisfies both is an
// empty intersection kept (class MODE:empty-meet-kept). Folding does not
// change this, though bound then skips its search for a common string.
func emptyPrefixMeetKept(meet ConstraintMeeter, a, b bound.Constraint, m bound.Mode, fold bool, probes []probe) *Violation {
	if a.Op != bound.OpPrefix || b.Op != bound.OpPrefix || m == bound.ModeDual {
		return nil
	}
	ab, ok := meet(a, b, m, fold)
	if !ok {
		return nil
	}
	adA, adB := bound.NewAdmitter(a, m, fold), bound.NewAdmitter(b, m, fold)
	for _, p := range probes {
		if cv := p.canonical(m, fold); adA.AdmitsCanonical(cv) && adB.AdmitsCanonical(cv) {
			return nil
		}
	}
	ja, _ := a.MarshalJSON()
	jb, _ := b.MarshalJSON()
	jm, _ := ab.MarshalJSON()
	return violated("MeetExact", m.String()+":empty-meet-kept", "fold %v: %s ⊓ %s = %s, reported non-empty, and no probe satisfies both", fold, ja, jb, jm)
}

// MeetExactOnSpellings holds the meet to MeetExactUnder on the pair
// gen.GenerateConstraintPair makes of data: operands that respell one
// path or nested paths (dot segments, '//', percent-encoding, NFD, a
// trailing '/'), under the reading and folding it draws, where a meet
// that compares operands as written goes wrong.
func MeetExactOnSpellings(meet ConstraintMeeter, data []byte) *Violation {
	p := gen.GenerateConstraintPair(data)
	v := MeetExactUnder(meet, p.A, p.B, p.Mode, p.Fold, p.Probes)
	if v != nil {
		v.Property = "MeetExactOnSpellings"
	}
	return v
}

// MeetBoundsExact draws two bounds of up to two rules over two tools and
// two arguments from the seed pair (or, rarely, gen.Seeded.MeetCapBounds'
// pair whose meet has bound.MaxRules rules or one more, held to
// ruleCapRefusal alone; and one input in 256 a pair one byte past
// bound.MaxMeetWork, held to workCapRefusal), a canonicalization (argument a of t
// hierarchical, b of u plain, folding one time in four), and forty calls
// whose arguments are probes of the bounds' operands: the meet admits a
// call exactly when both bounds do (classes unsound, incomplete; error
// for a meet that fails).
func MeetBoundsExact(meet BoundMeeter, s1, s2 uint64) *Violation {
	const name = "MeetBoundsExact"
	g := gen.NewSeeded(s1, s2)
	x, y := g.Bound(), g.Bound()
	c := bound.Canon{Schemas: bound.Schemas{"t": {"a": bound.ModeHierarchical}, "u": {"b": bound.ModePlain}}, Fold: g.IntN(4) == 0}
	cx, cy, rules := g.MeetCapBounds()
	if rules > 0 {
		x, y = cx, cy
	}
	if wx, wy, work := g.MeetWorkBounds(); work > 0 {
		_, err := meet(wx, wy, c)
		if v := workCapRefusal(name, work, err); v != nil {
			return v
		}
	}
	m, err := meet(x, y, c)
	if rules > 0 {
		return ruleCapRefusal(name, len(m), rules, err)
	}
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

// ruleCapRefusal holds a meet whose operands make rules distinct rules
// (0: not counted) to bound.MaxRules, the cap of a computed meet (SEP-3246
// section 3.3 makes the meet of two bounds the rule set of every pair's
// meet, |A|·|B| rules, and names no number: the cap is bound's constant,
// targets/bound/meet_rules.go): past it the meet fails with
// bound.ErrTooLarge (class cap-not-refused), at it the meet has every rule
// (class cap-rules).
func ruleCapRefusal(name string, got, rules int, err error) *Violation {
	switch {
	case rules > bound.MaxRules && !errors.Is(err, bound.ErrTooLarge):
		return violated(name, "cap-not-refused", "a meet of %d distinct rules (cap %d): %d rules, error %v, want bound.ErrTooLarge", rules, bound.MaxRules, got, err)
	case rules > 0 && rules <= bound.MaxRules && (err != nil || got != rules):
		return violated(name, "cap-rules", "a meet of %d distinct rules (cap %d): %d rules, error %v", rules, bound.MaxRules, got, err)
	}
	return nil
}

// workCapRefusal holds a meet whose work (for each rule of the first
// bound, its JSON bytes times the second's rules for its tool, plus those
// rules' bytes) is work to gen.MeetWorkCap, the documented budget (not
// bound.MaxMeetWork, which a mutant moves): past it the meet fails with
// bound.ErrTooLarge before meeting any pair (class work-cap-not-refused).
// SEP-3246 section 3.3 names no number; the cap bounds the time a chain
// arriving with a request can make a guard spend.
func workCapRefusal(name string, work int, err error) *Violation {
	if work > gen.MeetWorkCap && !errors.Is(err, bound.ErrTooLarge) {
		return violated(name, "work-cap-not-refused", "a meet of %d bytes of work (cap %d): error %v, want bound.ErrTooLarge", work, gen.MeetWorkCap, err)
	}
	return nil
}
