package property

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// flawedMessage is a generated message with the flaw that also passes
// planted (the flaw is drawn on request only, so it is looked for).
func flawedMessage(t *testing.T, flaw string, planted func(text []byte) bool) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 3246))
	for range 20000 {
		data := make([]byte, 1+r.IntN(32))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		if m := gen.GenerateMessage(data); m.Flaw == flaw && planted(m.Text) {
			return m.Text
		}
	}
	t.Fatalf("no message with the flaw %q in 20000 inputs", flaw)
	return nil
}

// pastCapMessage is a generated message whose provenance is past
// gen.ValueCap (the flaw "provenance past cap").
func pastCapMessage(t *testing.T) []byte {
	t.Helper()
	return flawedMessage(t, "provenance past cap", provenancePastCap)
}

// TestDecideMatchesReferenceHoldsTheProvenanceLimit: guard.Decide passes
// DecideMatchesReference on a message whose provenance is past the cap
// (the twin cannot decode it), and a decider that refuses it for another
// cause than a *bound.LimitError fails it with reference:limit, as does
// one that sends it on, and one that forwards it in audit mode with the
// right refusal logged.
func TestDecideMatchesReferenceHoldsTheProvenanceLimit(t *testing.T) {
	raw := pastCapMessage(t)
	if v := DecideMatchesReference(guard.Decide, raw); v != nil {
		t.Fatalf("guard.Decide: %v", v)
	}
	auditForwards := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if cfg.Mode == guard.Audit && d.Action == guard.Answer {
			d.Action, d.Message = guard.Forward, raw // the refusal kept, only logged
		}
		return d
	}
	for name, decide := range map[string]Decider{"another cause": withCause(fmt.Errorf("not an object: %w", errors.ErrUnsupported)), "sent on": sentOn, "forwarded under audit": auditForwards} {
		v := DecideMatchesReference(decide, raw)
		if v == nil || v.Class != "reference:limit" {
			t.Errorf("%s: %v, want a reference:limit violation", name, v)
		}
	}
}

// TestDecideMatchesReferenceHoldsTheArgumentLimit: guard.Decide passes
// DecideMatchesReference on a call whose constrained argument is one value
// past the cap and on one at the cap (the twin decodes neither), and fails
// it with reference:argument-limit past the cap when the refusal loses its
// cause (the guard with readArguments' refusal dropped: bound.Check then
// refuses the call without the argument), has another cause or a limit of
// another count, or the call is sent on; and at the cap when the call is
// refused for a limit.
func TestDecideMatchesReferenceHoldsTheArgumentLimit(t *testing.T) {
	past := flawedMessage(t, "arguments past cap", argumentsPast(true))
	at := bytes.Replace(past, []byte("[0,0,"), []byte("[0,"), 1) // gen.ValueCap values, not generated
	if !argumentsPast(false)(at) {
		t.Fatalf("%.200q: not a call whose constrained arguments are at the cap", at)
	}
	for _, raw := range [][]byte{past, at} {
		if v := DecideMatchesReference(guard.Decide, raw); v != nil {
			t.Fatalf("guard.Decide: %v", v)
		}
	}
	pastFaults := map[string]Decider{
		"the cause dropped": withCause(nil),
		"another cause":     withCause(fmt.Errorf("argument %q cannot be read: %w", "path", errors.ErrUnsupported)),
		"another limit":     withCause(&bound.LimitError{What: "hops", Max: bound.MaxHops, Pointer: "/arguments/path"}),
		"sent on":           sentOn,
	}
	for name, decide := range pastFaults {
		if v := DecideMatchesReference(decide, past); v == nil || v.Class != "reference:argument-limit" {
			t.Errorf("past the cap, %s: %v, want a reference:argument-limit violation", name, v)
		}
	}
	limited := withCause(&bound.LimitError{What: "values", Max: gen.ValueCap, Pointer: "/arguments/path"})
	if v := DecideMatchesReference(limited, at); v == nil || v.Class != "reference:argument-limit" {
		t.Errorf("at the cap, refused for a limit: %v, want a reference:argument-limit violation", v)
	}
}

// argumentsPast is whether a message's constrained arguments, as the
// property reads them under GuardConfig, are read and past the cap.
func argumentsPast(past bool) func([]byte) bool {
	return func(text []byte) bool {
		n, ok := constrainedValues(text, GuardConfig())
		return ok && n > gen.ValueCap == past && n >= gen.ValueCap
	}
}

// withCause is guard.Decide with the refusal's cause replaced by cause.
func withCause(cause error) Decider {
	return func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Refusal != nil {
			r := *d.Refusal
			r.Cause = cause
			d.Refusal = &r
		}
		return d
	}
}

// sentOn forwards every message as it came.
func sentOn(raw []byte, cfg guard.Config) guard.Decision {
	return guard.Decision{Action: guard.Forward, Message: raw}
}

// TestConstrainedValuesReadsWhatTheGuardReads: the slow count reads the
// arguments of a call the guard goes on to check, under escaped names too,
// and not those of a call refused before its arguments are read.
func TestConstrainedValuesReadsWhatTheGuardReads(t *testing.T) {
	call := func(params string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file",` + params + `}}`
	}
	const chain = `"_meta":{"io.noescalation/provenance":` + gen.GuardChain + `}`
	for _, c := range []struct {
		name, msg string
		values    int
		ok        bool
	}{
		{"no provenance", call(`"arguments":{"path":[0,0],"other":[0,0,0]}`), 3, true},
		{"the chain", call(`"arguments":{"p\u0061th":"/srv/acme/x/a"},` + chain), 1, true},
		{"no arguments", call(chain), 0, true},
		{"an empty chain", call(`"arguments":{"path":[0]},"_meta":{"io.noescalation/provenance":{"v":1,"chain":[]}}`), 0, false},
		{"malformed provenance", call(`"arguments":{"path":[0]},"_meta":{"io.noescalation/provenance":[]}`), 0, false},
		{"_meta not an object", call(`"arguments":{"path":[0]},"_meta":1`), 0, false},
		{"arguments not an object", call(`"arguments":[0]`), 0, false},
		{"no id", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"read_file","arguments":{"path":[0]}}}`, 0, false},
		{"a null id", `{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"read_file","arguments":{"path":[0]}}}`, 0, false},
		{"jsonrpc 2.0 as a number", `{"jsonrpc":2.0,"id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":[0]}}}`, 0, false},
		{"a null name", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":null,"arguments":{"path":[0]}}}`, 0, false},
		{"another method", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"name":"read_file","arguments":{"path":[0]}}}`, 0, false},
	} {
		values, ok := constrainedValues([]byte(c.msg), GuardConfig())
		if values != c.values || ok != c.ok {
			t.Errorf("%s: %d values, read %v; want %d, %v", c.name, values, ok, c.values, c.ok)
		}
	}
	reject := GuardConfig()
	reject.Absent = guard.Reject
	if _, ok := constrainedValues([]byte(call(`"arguments":{"path":[0]}`)), reject); ok {
		t.Errorf("no provenance under reject: read, want refused before the arguments")
	}
}

// TestDecisionsAreAdmittedReadsAnAnswerPastTheValueCap: the answer to a
// call whose constrained argument is past the cap echoes the argument
// (section 4.3's data), more than bound.MaxValues values: DecisionsAreAdmitted
// reads it as the admitted JSON-RPC error it is, and still fails an
// answer that is not one.
func TestDecisionsAreAdmittedReadsAnAnswerPastTheValueCap(t *testing.T) {
	past := flawedMessage(t, "arguments past cap", argumentsPast(true))
	if v := DecisionsAreAdmitted(guard.Decide, past); v != nil {
		t.Fatalf("guard.Decide: %v", v)
	}
	cut := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		d.Message = d.Message[:len(d.Message)-1]
		return d
	}
	if v := DecisionsAreAdmitted(cut, past); v == nil || v.Class != "answer:malformed" {
		t.Errorf("an answer cut short: %v, want an answer:malformed violation", v)
	}
}

// TestTokenValuesCountsEveryValue: every scalar, array and object, nested
// ones and member values included, and no member name or end.
func TestTokenValuesCountsEveryValue(t *testing.T) {
	for doc, want := range map[string]int{
		`1`: 1, `[]`: 1, `{}`: 1, `{"a":1}`: 2, `[0,0,0]`: 4, `{"a":{"b":[1,{"c":null}]},"d":"x"}`: 7,
		`[[],{},"s",{"k":{"k":{}}}]`: 7, `{"a":"b","c":"d"}`: 3,
	} {
		if got := tokenValues([]byte(doc)); got != want {
			t.Errorf("%s: %d values, want %d", doc, got, want)
		}
	}
}
