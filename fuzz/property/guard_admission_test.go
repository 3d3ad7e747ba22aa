package property

import (
	"errors"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// TestRefusedAsAdmissionSaysCanFail: guard.Decide passes DecisionsAreAdmitted
// on bytes admission refuses for each of its kinds, and each fault of the
// answer's class, code or cause is a violation, of the class the property
// names, on some of them (the fault notAdmitted#0:SwapKind makes is the
// first).
func TestRefusedAsAdmissionSaysCanFail(t *testing.T) {
	texts := map[string]string{
		"Syntax":          `{"jsonrpc":"2.0",`,
		"TrailingContent": `{"jsonrpc":"2.0","method":"ping","id":1} x`,
		"DuplicateMember": `{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`,
		"StringNotScalar": `{"jsonrpc":"2.0","id":1,"method":"\ud800"}`,
		"NumberNotFinite": `{"jsonrpc":"2.0","id":1e400,"method":"ping"}`,
		"TooDeep":         strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		"TooLarge":        strings.Repeat(" ", admit.DefaultMaxSize+1),
	}
	for kind, text := range texts {
		if v := DecisionsAreAdmitted(guard.Decide, []byte(text)); v != nil {
			t.Errorf("guard.Decide on %s: %v", kind, v)
		}
	}
	faults := []struct {
		fault, class string
		mend         func(*guard.Refusal)
	}{
		{"every refusal classed too large", "answer:admission-class", func(r *guard.Refusal) { r.Class = guard.ErrTooLarge }},
		{"every refusal classed not admitted", "answer:admission-class", func(r *guard.Refusal) { r.Class = guard.ErrNotAdmitted }},
		{"classed malformed provenance", "answer:admission-class", func(r *guard.Refusal) { r.Class = guard.ErrMalformedProvenance }},
		{"codes swapped", "answer:admission-code", func(r *guard.Refusal) {
			r.Code = map[int]int{guard.CodeParseError: guard.CodeInvalidRequest, guard.CodeInvalidRequest: guard.CodeParseError}[r.Code]
		}},
		{"the cause dropped", "answer:admission-cause", func(r *guard.Refusal) { r.Cause = errors.New("refused") }},
		{"the cause of another kind", "answer:admission-cause", func(r *guard.Refusal) {
			r.Cause = &admit.Error{Kind: admit.Noncharacter, Offset: 0, Detail: "another"}
		}},
	}
	for _, f := range faults {
		decide := func(raw []byte, cfg guard.Config) guard.Decision {
			d := guard.Decide(raw, cfg)
			if d.Refusal != nil {
				r := *d.Refusal
				f.mend(&r)
				d.Refusal = &r
			}
			return d
		}
		found := false
		for kind, text := range texts {
			switch v := DecisionsAreAdmitted(decide, []byte(text)); {
			case v == nil:
			case v.Class != f.class:
				t.Errorf("%s, on %s: %v, want a violation %s", f.fault, kind, v, f.class)
			default:
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no violation on any of %d texts", f.fault, len(texts))
		}
	}
}
