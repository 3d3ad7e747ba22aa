package guard

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// knownAnswer is one decision with its refusal, as Decide, its reference
// twin, or both must take it.
type knownAnswer struct {
	name     string
	only     string // "Decide" or "DecideReference" when the two read the message differently; "" both
	cfg      Config
	msg      string
	action   Action
	class    error  // the refusal's class; nil for none
	code     int    // its code, as the literal of JSON-RPC 2.0 section 5.1 or SEP-3246 section 4.3
	id       string // the decision's id as JSON; "" for none
	reason   string // a fragment of the refusal's reason
	says     string // a fragment of the answer's message
	tooLarge bool   // the refusal is caused by a limit of targets/bound (bound.ErrTooLarge)
}

// The refusals of a decision that the vectors (which pin codes and ids)
// cannot tell apart by code alone: each class, reason and cause, for
// Decide and for DecideReference, which is code under test too. Documented
// limits are literals: bound.MaxValues is 65536 values.
func TestDecideKnownAnswers(t *testing.T) {
	originate, reject := vectorConfig(t, Originate, Enforce), vectorConfig(t, Reject, Enforce)
	originateAudit, rejectAudit := vectorConfig(t, Originate, Audit), vectorConfig(t, Reject, Audit)
	noComponent := originate
	noComponent.Component = ""
	call := func(params string) string {
		return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}` + params + `}}`
	}
	argumentsCall := func(path string) string {
		return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":` + path + `}}}`
	}
	notification := func(n int) string { // 5 + n values
		return `{"jsonrpc":"2.0","method":"notifications/progress","params":{"p":` + zeros(n) + `}}`
	}
	const absentSays = "'read_file' carries no provenance, which this guard rejects"
	const absentReason = "the call carries no provenance and this guard's disposition is reject"
	for _, c := range []knownAnswer{
		{name: "invalid config", cfg: noComponent, msg: call(""), action: Answer,
			class: ErrGuardConfig, code: -32603, reason: "the component identifier is empty"},
		{name: "absent, reject, no _meta", cfg: reject, msg: call(""), action: Answer,
			class: ErrAbsentProvenance, code: -32001, id: "7", reason: absentReason, says: absentSays},
		{name: "absent, reject, empty _meta", cfg: reject, msg: call(`,"_meta":{}`), action: Answer,
			class: ErrAbsentProvenance, code: -32001, id: "7", reason: absentReason, says: absentSays},
		{name: "absent, reject, _meta without the key", cfg: reject, msg: call(`,"_meta":{"progressToken":1}`), action: Answer,
			class: ErrAbsentProvenance, code: -32001, id: "7", reason: absentReason, says: absentSays},
		{name: "absent, reject, audit: forwarded and recorded", cfg: rejectAudit, msg: call(`,"_meta":{}`), action: Forward,
			class: ErrAbsentProvenance, code: -32001, id: "7", reason: absentReason},
		{name: "absent, originate", cfg: originate, msg: call(`,"_meta":{}`), action: Forward, id: "7"},

		// The provenance value is decoded alone: one past 65536 values is
		// a limit, at 65536 it is read (and is no object).
		{name: "provenance past 65536 values", only: "Decide", cfg: originate,
			msg: call(`,"_meta":{"io.noescalation/provenance":` + zeros(65536) + `}`), action: Answer,
			class: ErrMalformedProvenance, code: -32001, id: "7", tooLarge: true,
			reason: `the provenance is malformed: bound: malformed at "": bound: over the limit of 65536 values at ""`,
			says:   "'read_file' is refused: its provenance is malformed"},
		{name: "provenance of 65536 values", only: "Decide", cfg: originate,
			msg: call(`,"_meta":{"io.noescalation/provenance":` + zeros(65535) + `}`), action: Answer,
			class: ErrMalformedProvenance, code: -32001, id: "7", reason: "provenance must be an object, not array"},

		// The constrained arguments are decoded alone too: one past 65536
		// values they cannot be checked, and the call is refused as outside
		// the bound with the limit as its cause (recorded and forwarded in
		// audit mode); at 65536 they are read and checked (an array is no
		// path under a prefix).
		{name: "constrained arguments past 65536 values", only: "Decide", cfg: originate,
			msg: argumentsCall(zeros(65536)), action: Answer, class: ErrOutsideBound, code: -32001, id: "7", tooLarge: true,
			reason: `the constrained arguments hold more than 65536 values, more than this guard checks: bound: over the limit of 65536 values at "/arguments/path"`,
			says:   "'read_file' with these arguments is outside the conferred bound"},
		{name: "constrained arguments past 65536 values, audit", only: "Decide", cfg: originateAudit,
			msg: argumentsCall(zeros(65536)), action: Forward, class: ErrOutsideBound, code: -32001, id: "7", tooLarge: true,
			reason: "the constrained arguments hold more than 65536 values"},
		{name: "constrained arguments of 65536 values", only: "Decide", cfg: originate,
			msg: argumentsCall(zeros(65535)), action: Answer, class: ErrOutsideBound, code: -32001, id: "7",
			says: "'read_file' with these arguments is outside the conferred bound"},

		// The twin decodes the whole message: past 65536 values it cannot,
		// and says so (the property DecideMatchesReference leaves these
		// out by this refusal); at 65536 it relays.
		{name: "message past 65536 values", only: "DecideReference", cfg: originate, msg: notification(65532), action: Answer,
			class: ErrNotAdmitted, code: -32700, tooLarge: true,
			reason: `admitted but not decoded: bound: malformed at "": bound: over the limit of 65536 values at ""`},
		{name: "message of 65536 values", only: "DecideReference", cfg: originate, msg: notification(65531), action: Relay},
		{name: "message past 65536 values", only: "Decide", cfg: originate, msg: notification(65532), action: Relay},

		// The twin re-reads the extended chain it writes; past 65536
		// values it cannot, and answers. Decide splices the chain into the
		// bytes without reading it back and forwards this message (a
		// divergence the property does not leave out; reported, not
		// decided here).
		{name: "extended chain past 65536 values", only: "DecideReference", cfg: originate, msg: chainPastWriteBack(t),
			action: Answer, class: ErrGuardConfig, code: -32603, id: "1", tooLarge: true,
			reason: `the extended message cannot be written: bound: malformed at "": bound: over the limit of 65536 values at ""`},
	} {
		for _, twin := range decideTwins {
			if c.only != "" && c.only != twin.name {
				continue
			}
			if err := c.check(twin.decide([]byte(c.msg), c.cfg)); err != nil {
				t.Errorf("%s: %s: %v", twin.name, c.name, err)
			}
		}
	}
}

func (c knownAnswer) check(d Decision) error {
	switch {
	case d.Action != c.action:
		return fmt.Errorf("action %v (%v), want %v", d.Action, d.Refusal, c.action)
	case string(d.ID) != c.id:
		return fmt.Errorf("id %s, want %q", d.ID, c.id)
	case c.class == nil:
		if d.Refusal != nil {
			return fmt.Errorf("refusal %v, want none", d.Refusal)
		}
		return nil
	case d.Refusal == nil:
		return fmt.Errorf("no refusal, want %v", c.class)
	case d.Refusal.Class != c.class || d.Refusal.Code != c.code:
		return fmt.Errorf("refusal %v (%d), want %v (%d)", d.Refusal.Class, d.Refusal.Code, c.class, c.code)
	case !strings.Contains(d.Refusal.Reason, c.reason):
		return fmt.Errorf("reason %q, want one with %q", d.Refusal.Reason, c.reason)
	case errors.Is(d.Refusal, bound.ErrTooLarge) != c.tooLarge:
		return fmt.Errorf("refusal %v caused by a limit: %v, want %v", d.Refusal, !c.tooLarge, c.tooLarge)
	case c.says != "" && !bytes.Contains(d.Message, []byte(c.says)):
		return fmt.Errorf("answer %.300s does not say %q", d.Message, c.says)
	case d.Action == Answer && !bytes.Contains(d.Message, []byte(fmt.Sprintf(`"code":%d`, c.code))):
		return fmt.Errorf("answer %.300s without code %d", d.Message, c.code)
	}
	return nil
}

// chainPastWriteBack is a tools/call within the policy whose message has
// 65535 values (so the twin decodes it), most of them in its inbound
// chain: extended by the guard's hop, the chain has more than 65536.
func chainPastWriteBack(t *testing.T) string {
	var b strings.Builder
	b.WriteString(`{"v":1,"chain":[{"component":"h0","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}`)
	for left := 65536 - 9 - 12; left > 5; {
		k := min(left-5, 4000) // an "in" list holds at most 4096 members
		fmt.Fprintf(&b, `,{"tool":"t","args":{"a":{"in":[%s]}}}`, strings.TrimSuffix(strings.Repeat(`"x",`, k), ","))
		left -= k + 5
	}
	b.WriteString(`]}]}`)
	msg := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},` +
		`"_meta":{"io.noescalation/provenance":` + b.String() + `}}}`
	if n, _ := jsonwire.CountValues([]byte(msg), 0, 1<<20); n != 65535 {
		t.Fatalf("the message has %d values, want 65535", n)
	}
	return msg
}
