package planted

import (
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// EqNumbersAsDoubles is bound's eq and in judgement except that two
// numbers are equal when they read as the same double: 9007199254740993
// and 9007199254740992 become one, and 1e400 and 2e400 both infinity.
// SEP-3246 section 3.2.3 compares numbers by their exact value.
func EqNumbersAsDoubles(c bound.Constraint, m bound.Mode, fold bool, v bound.Value) bool {
	if c.Op == bound.OpEq && c.Value.Kind == bound.KindNumber && v.Kind == bound.KindNumber {
		a, errA := strconv.ParseFloat(c.Value.Number, 64)
		b, errB := strconv.ParseFloat(v.Number, 64)
		return (errA == nil || a != 0) && (errB == nil || b != 0) && a == b
	}
	return bound.NewAdmitter(c, m, fold).Admits(v)
}
