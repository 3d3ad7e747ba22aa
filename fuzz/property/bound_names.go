package property

import (
	"golang.org/x/text/unicode/norm"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// namesCollide reports whether v, or a value nested in it, is an object
// two of whose member names are equal once in NFC (UAX #15), the least
// canonicalization SEP-3246 section 3.2.3 applies to a member name in
// every reading: such an object has no canonical form, so no constraint
// admits it and an eq operand that is one admits nothing. It is the
// reference of bound's own refusal (canonValue), computed apart from it.
func namesCollide(v bound.Value) bool {
	switch v.Kind {
	case bound.KindArray:
		for _, e := range v.Array {
			if namesCollide(e) {
				return true
			}
		}
	case bound.KindObject:
		seen := make(map[string]bool, len(v.Members))
		for _, m := range v.Members {
			n := norm.NFC.String(m.Name)
			if seen[n] || namesCollide(m.Value) {
				return true
			}
			seen[n] = true
		}
	}
	return false
}

// collidingAdmitted is the check of a probe whose names collide
// (namesCollide) against what the first operand, the second and their
// meet admit: none of them may (class MODE:colliding-names-admitted).
func collidingAdmitted(a, b, met bound.Constraint, ok bool, v bound.Value, m bound.Mode, fold, inA, inB, inMet bool) *Violation {
	if !inA && !inB && !inMet {
		return nil
	}
	return meetViolation("colliding-names-admitted", a, b, met, ok, v, m, fold, inA, inB, inMet)
}

// deadOperandAdmits is the check of an eq constraint whose operand's
// names collide: it admits no probe (class MODE:colliding-operand-admits).
func deadOperandAdmits(c bound.Constraint, v bound.Value, m bound.Mode, fold, in bool) *Violation {
	if !in || c.Op != bound.OpEq || !namesCollide(c.Value) {
		return nil
	}
	return meetViolation("colliding-operand-admits", c, c, c, true, v, m, fold, in, in, in)
}
