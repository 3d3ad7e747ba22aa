package planted

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// MeetRawOperands is bound.MeetConstraints except that two prefix
// constraints, or two eq constraints on strings, are met by comparing
// their operands as written, before canonicalizing them: the longer prefix
// wins when one raw operand extends the other, different raw strings are
// disjoint. "/srv/x/.." extends "/srv/x" as written, yet canonicalizes to
// "/srv", which admits more than either.
func MeetRawOperands(a, b bound.Constraint, m bound.Mode, fold bool) (bound.Constraint, bool) {
	switch {
	case a.Op == bound.OpPrefix && b.Op == bound.OpPrefix:
		switch {
		case strings.HasPrefix(b.Operand, a.Operand):
			return b, true
		case strings.HasPrefix(a.Operand, b.Operand):
			return a, true
		}
		return bound.Constraint{}, false
	case a.Op == bound.OpEq && b.Op == bound.OpEq && a.Value.Kind == bound.KindString && b.Value.Kind == bound.KindString:
		if a.Value.Str != b.Value.Str {
			return bound.Constraint{}, false
		}
		return a, true
	}
	return bound.MeetConstraints(a, b, m, fold)
}
