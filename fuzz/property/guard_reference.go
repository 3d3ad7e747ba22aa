package property

import (
	"bytes"
	"errors"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// DecideMatchesReference holds decide, on one raw client message under
// GuardConfig in enforce and in audit mode, to guard.DecideReference, the
// slow twin that decodes the whole message into a tree (SEP-3246 section
// 4, the same decision taken the obvious way):
//
//   - the same action (reference:action), for the same refusal: class,
//     code and reason (reference:refusal);
//   - the same id, method and tool (reference:id, reference:method,
//     reference:tool);
//   - what is sent on, and the arguments, read as the twin's under every
//     JSON reader (reference:message, reference:arguments): the cheap
//     decision splices the chain into the client's bytes, the twin writes
//     its own tree, and a server must not be able to tell them apart;
//   - an answer carries the twin's error code and id (the message text may
//     differ only in how the arguments are written: reference:message).
//
// A message the twin cannot decode because it has more values than
// bound.MaxValues (gen.ValueCap, as bound documents it) is out of the
// twin's reach: the twin builds a tree of the whole message, which is what
// the cheap decision exists to avoid. The cheap decision decodes only the
// provenance and the arguments the chain constrains, and such a message is
// held instead to what those hold: provenance past the cap is answered
// in either mode with a *bound.LimitError cause (reference:limit; section
// 4.3) when the guard reads the call, and a message decided before its
// provenance is read (an id null, a case alias, another method) is
// decided as the twin decides it with the provenance replaced
// (decidedBeforeProvenance; reference:limit), and so
// are constrained arguments past it, which cannot be checked, while within
// it they are read and no refusal is caused by a limit
// (reference:argument-limit; section 4.2). Values past the cap elsewhere
// in the message are not refused for their size and not checked.
func DecideMatchesReference(decide Decider, raw []byte) *Violation {
	const name = "DecideMatchesReference"
	reading := sync.OnceValue(func() callReading { return readCall(raw) })          // read once, when needed, for both
	pastCap := sync.OnceValue(func() bool { return reading().provenancePastCap() }) // steps and both modes
	arguments := sync.OnceValues(func() (int, bool) { return reading().constrainedValues(GuardConfig()) })
	var want guard.Decision
	for _, mode := range []guard.Mode{guard.Enforce, guard.Audit} {
		cfg := GuardConfig()
		cfg.Mode = mode
		if mode == guard.Enforce || !twinTooLarge(want) {
			want = guard.DecideReference(raw, cfg) // the enforce twin's too-large refusal holds for audit (twinTooLarge)
		}
		got := decide(raw, cfg)
		if twinTooLarge(want) {
			if pastCap() {
				if before, ok := decidedBeforeProvenance(raw, reading().provenance, cfg); ok {
					if v := sameDecisionBefore(name, mode, raw, got, before); v != nil {
						return v
					}
					continue
				}
			}
			if v := limitRefusal(name, mode, pastCap(), reading().readsCall(), got); v != nil {
				return v
			}
			if pastCap() {
				continue // refused for its provenance before its arguments are read
			}
			values, read := arguments() // the mode does not change what is read
			if v := argumentLimit(name, mode, values, read, got); v != nil {
				return v
			}
			continue
		}
		if v := sameDecision(name, mode, got, want); v != nil {
			return v
		}
	}
	return nil
}

// twinTooLarge is whether the twin refused the message as too large to
// decode: more values than bound.MaxValues, found before a tree is built.
// That refusal is taken before the twin reads the call, and so before it
// reads the mode (guard.DecideReference reads cfg.Mode only once it has
// the tree, to forward a violation in audit mode), so the property asks
// the twin once, in enforce mode, for such a message: a twin run of the
// whole message, some 11 M instructions of a cap message (callgrind,
// BenchmarkDecideAtValueCapParts/*/twin; docs/PERFORMANCE.md, "What a
// message at the value cap costs"), not repeated
// (TestTwinTooLargeIsModeIndependent holds the two modes' refusals equal
// on the cap messages). Every other decision of the twin is asked in each
// mode. The decider under test is still asked in both.
func twinTooLarge(want guard.Decision) bool {
	return want.Refusal != nil && errors.Is(want.Refusal, bound.ErrTooLarge) && errors.Is(want.Refusal, guard.ErrNotAdmitted)
}

// decidedBeforeProvenance asks the twin about raw with its provenance
// (prov, past the cap, so that the twin cannot decode raw) replaced, once
// by a chain that does not parse and once by an empty one: when the twin
// decides both alike, it decided raw before the provenance (an id null, a
// jsonrpc other than "2.0", a case alias of a name the guard reads, an id
// holding a NUL, another method, ...), and that decision is raw's.
// ok is false when the twin tells the two apart (it read the provenance)
// or cannot decode them either (arguments past the cap too).
func decidedBeforeProvenance(raw []byte, prov []byte, cfg guard.Config) (guard.Decision, bool) {
	if len(prov) == 0 {
		return guard.Decision{}, false
	}
	malformed := guard.DecideReference(bytes.ReplaceAll(raw, prov, []byte(`1`)), cfg)
	empty := guard.DecideReference(bytes.ReplaceAll(raw, prov, []byte(`{"v":1,"chain":[]}`)), cfg)
	if malformed.Action == guard.Relay && empty.Action == guard.Relay {
		empty.Message = malformed.Message // each relays the message it was given
	}
	if twinTooLarge(malformed) || sameDecision("", cfg.Mode, malformed, empty) != nil {
		return guard.Decision{}, false
	}
	return malformed, true
}

// sameDecisionBefore compares the decision on raw with the twin's on raw
// decided before its provenance (decidedBeforeProvenance): as sameDecision
// does, but a relay is of raw itself (relayFaithful), not of the message
// the twin was given (reference:limit).
func sameDecisionBefore(property string, mode guard.Mode, raw []byte, got, before guard.Decision) *Violation {
	if before.Action == guard.Relay && got.Action == guard.Relay {
		before.Message = got.Message
		if v := relayFaithful(property, raw, got.Message); v != nil {
			return violated(property, "reference:limit", "%v: a message decided before its provenance (past %d values) relayed unfaithfully: %s", mode, gen.ValueCap, v.Detail)
		}
	}
	if v := sameDecision(property, mode, got, before); v != nil {
		return violated(property, "reference:limit", "%v: a message the twin decides before its provenance (past %d values) decided otherwise: %v", mode, gen.ValueCap, v.Detail)
	}
	return nil
}

// limitRefusal holds the decision on a message past gen.ValueCap: if
// its provenance alone is past the cap and the guard reads the call
// (callReading.readsCall), it is answered, in audit mode too (provenance
// past a limit is malformed, section 4.3, and audit mode never forwards
// malformed provenance: findings/spec/guard-audit-malformed.md), with a
// refusal whose cause is a *bound.LimitError. A message the guard decides
// before it reads the provenance (a tools/call with id null, or without
// jsonrpc 2.0) is never forwarded, as its reading says, and is decided
// for what comes first, not for the cap (reference:limit).
func limitRefusal(property string, mode guard.Mode, pastCap, readsCall bool, got guard.Decision) *Violation {
	if !pastCap {
		return nil
	}
	if !readsCall {
		if got.Action == guard.Forward {
			return violated(property, "reference:limit", "%v: provenance past %d values of a message that is no call to check: forwarded", mode, gen.ValueCap)
		}
		return nil
	}
	var le *bound.LimitError
	if got.Action != guard.Answer || got.Refusal == nil || !errors.As(got.Refusal.Cause, &le) {
		return violated(property, "reference:limit", "%v: provenance past %d values: %v (%v), want an answer, a refusal caused by a *bound.LimitError", mode, gen.ValueCap, got.Action, got.Refusal)
	}
	return nil
}

// sameDecision compares a decision with the twin's.
func sameDecision(property string, mode guard.Mode, got, want guard.Decision) *Violation {
	switch {
	case got.Action != want.Action:
		return violated(property, "reference:action", "%v: %v (%v), the reference %v (%v)", mode, got.Action, got.Refusal, want.Action, want.Refusal)
	case (got.Refusal == nil) != (want.Refusal == nil) ||
		got.Refusal != nil && (got.Refusal.Class != want.Refusal.Class || got.Refusal.Code != want.Refusal.Code || got.Refusal.Reason != want.Refusal.Reason):
		return violated(property, "reference:refusal", "%v: refusal %v, the reference %v", mode, got.Refusal, want.Refusal)
	case got.Refusal != nil && refusalFault(got.Refusal) != refusalFault(want.Refusal):
		return violated(property, "reference:fault", "%v: refusal for the fault %v, the reference %v", mode, refusalFault(got.Refusal), refusalFault(want.Refusal))
	case !bytes.Equal(got.ID, want.ID):
		return violated(property, "reference:id", "%v: id %s, the reference %s", mode, got.ID, want.ID)
	case got.Notification != want.Notification:
		return violated(property, "reference:notification", "%v: notification %v, the reference %v", mode, got.Notification, want.Notification)
	case got.Method != want.Method:
		return violated(property, "reference:method", "%v: method %q, the reference %q", mode, got.Method, want.Method)
	case (got.Call == nil) != (want.Call == nil) || got.Call != nil && got.Call.Name != want.Call.Name:
		return violated(property, "reference:tool", "%v: call %v, the reference %v", mode, got.Call, want.Call)
	case (got.Arguments == nil) != (want.Arguments == nil) || !sameReadings(got.Arguments, want.Arguments):
		return violated(property, "reference:arguments", "%v: arguments %q, the reference %q", mode, got.Arguments, want.Arguments)
	}
	if got.Action == guard.Answer {
		return sameAnswer(property, mode, got.Message, want.Message)
	}
	if !sameReadings(got.Message, want.Message) {
		return violated(property, "reference:message", "%v: %v %q, the reference %q", mode, got.Action, got.Message, want.Message)
	}
	return nil
}

// sameAnswer compares two JSON-RPC error answers by id and error code.
func sameAnswer(property string, mode guard.Mode, got, want []byte) *Violation {
	g, gerr := bound.ParseValue(got)
	w, werr := bound.ParseValue(want)
	gid, _ := g.Get("id")
	wid, _ := w.Get("id")
	ge, _ := g.Get("error")
	we, _ := w.Get("error")
	gc, _ := ge.Get("code")
	wc, _ := we.Get("code")
	gj, _ := gid.MarshalJSON()
	wj, _ := wid.MarshalJSON()
	if gerr != nil || werr != nil || !bytes.Equal(gj, wj) || gc.Number != wc.Number {
		return violated(property, "reference:message", "%v: answered %q, the reference %q", mode, got, want)
	}
	return nil
}

// refusalFault is the bound.Fault of a refusal's cause (bound.FaultNone for
// a cause that is no *bound.MalformedError): the rule of SEP-3246 the
// message broke, which the guard and its twin must name alike.
func refusalFault(r *guard.Refusal) bound.Fault {
	var me *bound.MalformedError
	if r == nil || !errors.As(r.Cause, &me) {
		return bound.FaultNone
	}
	return me.Fault
}
