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
// for a meet that fails). MeetBoundsAtCap holds the meet at its caps.
func MeetBoundsExact(meet BoundMeeter, s1, s2 uint64) *Violation {
	const name = "MeetBoundsExact"
	g := gen.NewSeeded(s1, s2)
	c := bound.Canon{Schemas: bound.Schemas{"t": {"a": bound.ModeHierarchical}, "u": {"b": bound.ModePlain}}}
	x, y := g.Bound(), g.Bound()
	c.Fold = g.IntN(4) == 0
	m, err := meet(x, y, c)
	if err != nil {
		return violated(name, "error", "%v", err)
	}
	return meetAdmitsBoth(x, y, m, c, g.Calls(40, x, y))
}

// MeetBoundsAtCap holds bound.MeetBounds at its rule cap, on the wide
// bounds gen.Seeded.WideBounds draws from the seed pair: a meet of
// exactly gen.MeetRuleCap (the documented bound.MaxRules) distinct rules,
// or fewer, is made whole and
// exact (cap:at, cap:rules; exact on eight calls, since each costs a
// pass over thousands of rules), one of a rule more fails with
// bound.ErrTooLarge (cap:past). The count of distinct rules comes from
// the shapes drawn, not from the meet. Every input also meets
// gen.MeetWorkBounds' pair, one byte of work past bound.MaxMeetWork,
// which must fail with bound.ErrTooLarge before any pair is met
// (workCapRefusal). A target of its own, since a meet of 4096 rules costs
// milliseconds and MeetBoundsExact's small bounds microseconds.
func MeetBoundsAtCap(meet BoundMeeter, s1, s2 uint64) *Violation {
	const name = "MeetBoundsAtCap"
	g := gen.NewSeeded(s1, s2)
	c := bound.Canon{Schemas: bound.Schemas{"t": {"a": bound.ModeHierarchical}, "u": {"b": bound.ModePlain}}}
	x, y, rules := g.WideBounds()
	m, err := meet(x, y, c)
	past := rules > gen.MeetRuleCap
	switch {
	case past && !errors.Is(err, bound.ErrTooLarge):
		return violated(name, "cap:past", "%d × %d rules meet in %d distinct rules, past the cap of %d: %d rules and %v, want bound.ErrTooLarge", len(x), len(y), rules, gen.MeetRuleCap, len(m), err)
	case past:
	case err != nil:
		return violated(name, "cap:at", "%d × %d rules meet in %d distinct rules, within the cap: %v", len(x), len(y), rules, err)
	case len(m) != rules:
		return violated(name, "cap:rules", "%d × %d rules meet in %d distinct rules: the meet has %d", len(x), len(y), rules, len(m))
	default:
		if v := meetAdmitsBoth(x, y, m, c, g.WideCalls(8, x, y)); v != nil {
			v.Property = name
			return v
		}
	}
	wx, wy, work := gen.MeetWorkBounds()
	_, err = meet(wx, wy, c)
	return workCapRefusal(name, work, err)
}

// meetAdmitsBoth holds meet m of x and y to admit each call exactly when
// both bounds do (classes unsound, incomplete).
func meetAdmitsBoth(x, y, m bound.Bound, c bound.Canon, calls []bound.Call) *Violation {
	const name = "MeetBoundsExact"
	for _, call := range calls {
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

// workCapRefusal holds a meet whose work (for each rule of the first
// bound, its JSON bytes times the second's rules for its tool, plus those
// rules' bytes) is work to gen.MeetWorkCap, the documented budget (not
// bound.MaxMeetWork, which a mutant moves): past it the meet fails with
// bound.ErrTooLarge before meeting any pair (class cap:work).
// SEP-3246 section 3.3 names no number; the cap bounds the time a chain
// arriving with a request can make a guard spend.
func workCapRefusal(name string, work int, err error) *Violation {
	if work > gen.MeetWorkCap && !errors.Is(err, bound.ErrTooLarge) {
		return violated(name, "cap:work", "a meet of %d bytes of work (cap %d): error %v, want bound.ErrTooLarge", work, gen.MeetWorkCap, err)
	}
	return nil
}
