package fuzz_test

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// meeter is a constraint meet under test: bound.MeetConstraints in the
// fuzz target, a planted fault in TestPlantedFaultsAreFound.
type meeter func(a, b bound.Constraint, m bound.Mode, fold bool) (bound.Constraint, bool)

// meetExactOnSpellings is the property of FuzzMeetExactOnSpellings: for
// the constraint pair gen.GenerateConstraintPair makes of data, under the
// mode and folding it draws, the meet admits each probe if and only if
// both constraints do (bound.Admits); an empty meet admits nothing.
func meetExactOnSpellings(meet meeter, data []byte) error {
	p := gen.GenerateConstraintPair(data)
	met, ok := meet(p.A, p.B, p.Mode, p.Fold)
	for _, v := range p.Probes {
		both := bound.Admits(p.A, v, p.Mode, p.Fold) && bound.Admits(p.B, v, p.Mode, p.Fold)
		if got := ok && bound.Admits(met, v, p.Mode, p.Fold); got != both {
			return violated(data, nil, "meet of %+v and %+v (%v, fold %v) = %+v, %v: admits %+v %v; both operands %v",
				p.A, p.B, p.Mode, p.Fold, met, ok, v, got, both)
		}
	}
	return nil
}

// boundMeet is the real target.
func boundMeet(a, b bound.Constraint, m bound.Mode, fold bool) (bound.Constraint, bool) {
	return bound.MeetConstraints(a, b, m, fold)
}
