package property

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestNumbersByValueCanFail: an admitter that compares numbers as written,
// or that takes a long exponent's number as equal to any other, is
// caught; bound's own is not.
func TestNumbersByValueCanFail(t *testing.T) {
	num := func(n string) bound.Value { return bound.Value{Kind: bound.KindNumber, Number: n} }
	asWritten := func(c bound.Constraint, _ bound.Mode, _ bool) func(bound.Value) bool {
		return func(v bound.Value) bool { return c.Value.Number == v.Number }
	}
	allLong := func(c bound.Constraint, m bound.Mode, fold bool) func(bound.Value) bool {
		return func(v bound.Value) bool { return len(v.Number) > 20 || boundAdmits(c, m, fold)(v) }
	}
	for _, c := range []struct {
		name      string
		admits    constraintAdmits
		op, probe string
	}{
		{"as written, 10e-1 against 1", asWritten, "1", "10e-1"},
		{"as written, a 19-digit exponent", asWritten, "1e1000000000000000000", "1e1000000000000000000"},
		{"a tiny number equal to any long one", allLong, "1e-1000000000000000000", "2e-9999999999999999999"},
	} {
		cs := []bound.Constraint{{Op: bound.OpEq, Value: num(c.op)}}
		if v := numbersByValue("p", c.admits, cs, bound.ModePlain, false, []bound.Value{num(c.probe)}); v == nil || v.Class != "numbers:by-value" {
			t.Errorf("%s: %v, want numbers:by-value", c.name, v)
		}
		if v := numbersByValue("p", boundAdmits, cs, bound.ModePlain, false, []bound.Value{num(c.probe), num(c.op)}); v != nil {
			t.Errorf("bound, %s: %v", c.name, v)
		}
	}
}

// TestGlobDotSegmentsCanFail: an admitter that drops a '..' after a
// wildcard is caught; bound's own is not, and the reference reads a '..'
// that removes a literal segment as resolvable.
func TestGlobDotSegmentsCanFail(t *testing.T) {
	dropsDots := func(c bound.Constraint, m bound.Mode, fold bool) func(bound.Value) bool {
		c.Operand = strings.ReplaceAll(strings.ReplaceAll(c.Operand, "/./", "/"), "/..", "")
		return boundAdmits(c, m, fold)
	}
	probes := []bound.Value{bound.String("/srv/acme/x"), bound.String("/srv/acme"), bound.String("/srv")}
	for _, op := range []string{"/srv/acme/*/..", "/srv/acme/**/..", "/srv/a*/x/../..", "/srv/acme/?/./.."} {
		cs := []bound.Constraint{{Op: bound.OpGlob, Operand: op}}
		for _, m := range []bound.Mode{bound.ModeHierarchical, bound.ModeDual} {
			if v := globDotSegments("p", dropsDots, cs, m, false, append(probes, bound.String("/srv/ax"), bound.String("/srv/acme/q"))); v == nil || v.Class != "glob:dot-past-wildcard" {
				t.Errorf("%q under %v, dots dropped: %v, want glob:dot-past-wildcard", op, m, v)
			}
			if v := globDotSegments("p", boundAdmits, cs, m, false, probes); v != nil {
				t.Errorf("bound: %v", v)
			}
		}
	}
	for _, op := range []string{"/srv/*/x/..", "/srv/acme/*/../b"} {
		if past, known := dotSegmentPastWildcard(op); op == "/srv/*/x/.." && (past || !known) {
			t.Errorf("%q: past %v known %v, want a resolvable pattern", op, past, known)
		} else if op == "/srv/acme/*/../b" && !past {
			t.Errorf("%q: want past a wildcard", op)
		}
	}
}
