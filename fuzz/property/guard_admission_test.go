package property

import (
	"bytes"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// TestDecisionsAreAdmittedHoldsTheAdmissionClass: guard.Decide passes on
// bytes admission refuses for each kind of reason, and each fault of the
// class (the sentinels swapped either way, the cause dropped or of another
// kind) is an answer:admission-class violation on one of them.
func TestDecisionsAreAdmittedHoldsTheAdmissionClass(t *testing.T) {
	refused := [][]byte{
		[]byte(`{"jsonrpc":"2.0","method":"ping"`),           // Syntax
		[]byte(`{"a":1,"a":2}`),                              // DuplicateMember
		[]byte(`{"x":1e400}`),                                // NumberNotFinite
		bytes.Repeat([]byte(" "), admit.DefaultMaxSize+1),    // TooLarge
		[]byte(strings.Repeat("[", admit.DefaultMaxDepth+1)), // TooDeep
	}
	for _, raw := range refused {
		if v := DecisionsAreAdmitted(guard.Decide, raw); v != nil {
			t.Errorf("guard.Decide(%.40q): %v", raw, v)
		}
	}
	faults := []struct {
		fault string
		edit  func(r *guard.Refusal)
	}{
		{"every refusal ErrTooLarge", func(r *guard.Refusal) { r.Class = guard.ErrTooLarge }},
		{"every refusal ErrNotAdmitted", func(r *guard.Refusal) { r.Class = guard.ErrNotAdmitted }},
		{"the cause dropped", func(r *guard.Refusal) { r.Cause = nil }},
		{"the cause of another kind", func(r *guard.Refusal) {
			r.Cause = &admit.Error{Kind: admit.TrailingContent, Offset: 0, Detail: "x"}
		}},
	}
	for _, f := range faults {
		decide := func(raw []byte, cfg guard.Config) guard.Decision {
			d := guard.Decide(raw, cfg)
			if d.Refusal != nil {
				r := *d.Refusal
				f.edit(&r)
				d.Refusal = &r
			}
			return d
		}
		caught := false
		for _, raw := range refused {
			if v := DecisionsAreAdmitted(decide, raw); v != nil {
				if v.Class != "answer:admission-class" {
					t.Errorf("%s: %v, want answer:admission-class", f.fault, v)
				}
				caught = true
			}
		}
		if !caught {
			t.Errorf("%s: no refused input is a violation", f.fault)
		}
	}
}
