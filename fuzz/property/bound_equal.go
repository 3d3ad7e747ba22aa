package property

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// EqJudge is the comparison under test: whether constraint c admits
// argument value v under mode m with or without folding (SEP-3246
// section 3.2).
type EqJudge = func(c bound.Constraint, m bound.Mode, fold bool, v bound.Value) bool

// BoundEq is bound's own judgement, an Admitter of the constraint.
func BoundEq(c bound.Constraint, m bound.Mode, fold bool, v bound.Value) bool {
	return bound.NewAdmitter(c, m, fold).Admits(v)
}

// EqMatchesReference holds eq and in (SEP-3246 section 3.2.3) to the
// reference twin bound.ReferenceEqual on the pair gen.GenerateValuePair
// makes of data, under every mode and folding: eq A admits B exactly when
// the twin finds them equal (eq:differs), and so does in [x, A], x a
// string no generated value equals (in:differs: in's members are looked
// up by their canonical keys, another path than eq's). Numbers are compared by exact value there, so a spelling
// with an exponent of 18 digits and one of 19 (the target's documented
// cap) tell a cap that moved.
func EqMatchesReference(judge EqJudge, data []byte) *Violation {
	const name = "EqMatchesReference"
	p := gen.GenerateValuePair(data)
	other := bound.Value{Kind: bound.KindString, Str: "\x00other"}
	for _, m := range gen.Modes {
		for _, fold := range []bool{false, true} {
			want := bound.ReferenceEqual(p.A, p.B, m, fold)
			if got := judge(bound.Constraint{Op: bound.OpEq, Value: p.A}, m, fold, p.B); got != want {
				return violated(name, "eq:differs", "%s, fold %v: eq %s admits %s: %v, the reference: %v", m, fold, describe(p.A), describe(p.B), got, want)
			}
			in := bound.Constraint{Op: bound.OpIn, Values: []bound.Value{other, p.A}}
			if got := judge(in, m, fold, p.B); got != want {
				return violated(name, "in:differs", "%s, fold %v: in [%s] admits %s: %v, the reference: %v", m, fold, describe(p.A), describe(p.B), got, want)
			}
		}
	}
	return nil
}

func describe(v bound.Value) string {
	b, err := v.MarshalJSON()
	if err != nil {
		return fmt.Sprintf("%+v", v)
	}
	return string(b)
}
