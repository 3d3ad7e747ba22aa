package property

import (
	"slices"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// constraintAdmits canonicalizes c once under reading m and folding fold
// and answers whether it admits a value: boundAdmits, or a planted
// variant in a test.
type constraintAdmits = func(c bound.Constraint, m bound.Mode, fold bool) func(bound.Value) bool

// boundAdmits is bound.NewAdmitter's Admits.
func boundAdmits(c bound.Constraint, m bound.Mode, fold bool) func(bound.Value) bool {
	return bound.NewAdmitter(c, m, fold).Admits
}

// numbersByValue holds the eq and in constraints among cs whose operands
// are numbers to the reference twin bound.ReferenceEqual (numbers by exact
// value with math/big; a nonzero number whose exponent has more than the
// documented 18 significant digits equals nothing): such a constraint
// admits a number probe exactly when the twin finds the probe equal to
// one of its number operands (class numbers:by-value), under reading m
// and folding fold.
func numbersByValue(property string, admitter constraintAdmits, cs []bound.Constraint, m bound.Mode, fold bool, probes []bound.Value) *Violation {
	for _, c := range cs {
		operands := c.Values
		if c.Op == bound.OpEq {
			operands = []bound.Value{c.Value}
		} else if c.Op != bound.OpIn {
			continue
		}
		var numbers []bound.Value
		for _, o := range operands {
			if o.Kind == bound.KindNumber {
				numbers = append(numbers, o)
			}
		}
		if len(numbers) == 0 {
			continue // no number among the operands: nothing for this reference
		}
		admits := admitter(c, m, fold)
		for _, p := range probes {
			if p.Kind != bound.KindNumber {
				continue
			}
			want := slices.ContainsFunc(numbers, func(o bound.Value) bool { return bound.ReferenceEqual(o, p, m, fold) })
			if got := admits(p); got != want {
				jc, _ := c.MarshalJSON()
				return violated(property, "numbers:by-value", "%s admits %s: %v, want %v (SEP-3246 section 3.2.3: numbers by exact value, bound.ReferenceEqual)",
					jc, p.Number, got, want)
			}
		}
	}
	return nil
}
