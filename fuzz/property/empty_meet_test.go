package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestEmptyPrefixMeetKeptCanFail: a meet that keeps two disjoint prefixes
// as a non-empty conjunction fails emptyPrefixMeetKept in both single
// readings, folded or not; bound's meet passes it on those and on nested
// prefixes, and a conjunction whose probes include a common string is
// not reported.
func TestEmptyPrefixMeetKeptCanFail(t *testing.T) {
	keeps := func(a, b bound.Constraint, _ bound.Mode, _ bool) (bound.Constraint, bool) {
		return bound.Constraint{Op: bound.OpAnd, And: []bound.Constraint{a, b}}, true
	}
	prefix := func(s string) bound.Constraint { return bound.Constraint{Op: bound.OpPrefix, Operand: s} }
	for _, pair := range [][2]string{{"/srv/acme", "acme/app"}, {"a/b", "acme/docs"}} {
		a, b := prefix(pair[0]), prefix(pair[1])
		ps := distinctProbes(gen.Probes(a, b))
		for _, m := range []bound.Mode{bound.ModePlain, bound.ModeHierarchical} {
			for _, fold := range []bool{false, true} {
				if v := emptyPrefixMeetKept(keeps, a, b, m, fold, ps); v == nil || v.Class != m.String()+":empty-meet-kept" {
					t.Errorf("%v fold %v: a meet keeping %q and %q: %v, want empty-meet-kept", m, fold, pair[0], pair[1], v)
				}
				if v := emptyPrefixMeetKept(bound.MeetConstraints, a, b, m, fold, ps); v != nil {
					t.Errorf("bound: %v", v)
				}
			}
		}
	}
	a, b := prefix("acme"), prefix("acme/app")
	ps := distinctProbes(gen.Probes(a, b))
	for _, m := range []bound.Mode{bound.ModePlain, bound.ModeHierarchical} {
		if v := emptyPrefixMeetKept(keeps, a, b, m, true, ps); v != nil {
			t.Errorf("nested prefixes kept as a conjunction: %v", v)
		}
	}
}
