package guard

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// findings/spec/guard-relay-unparseable.md: §4.3 relays unparseable
// traffic; each of these is read as a tools/call of /etc/passwd by some
// parser, and the guard answers it instead of relaying it.
func TestFindingRelayUnparseable(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/list","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd",}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/\ud800/../../../etc/passwd"}}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"read_file\",\"arguments\":{\"path\":\"/srv/acme/\xc0\xae\xc0\xae/etc/passwd\"}}}",
	} {
		d := Decide([]byte(msg), cfg)
		if d.Action != Answer || !errors.Is(d.Refusal, ErrNotAdmitted) {
			t.Errorf("%q: %v, want an answer and nothing to the server", msg, d.Action)
		}
	}
}

// findings/spec/guard-batch.md: a batch holding a call outside the bound is
// not a tools/call, and is refused whole rather than relayed.
func TestFindingBatch(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
	for _, msg := range []string{"[" + call + "]", `[{"jsonrpc":"2.0","id":1,"method":"ping"},` + call + "]", "[]"} {
		d := Decide([]byte(msg), cfg)
		if d.Action != Answer || !errors.Is(d.Refusal, ErrBatch) || d.Refusal.Code != CodeInvalidRequest {
			t.Errorf("%s: %v %v", msg, d.Action, d.Refusal)
		}
	}
	notification := `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
	if d := Decide([]byte(notification), cfg); d.Action != Answer || !errors.Is(d.Refusal, ErrNotRequest) {
		t.Errorf("a tools/call notification: %v", d.Action)
	}
}

// findings/spec/guard-audit-malformed.md: audit mode forwards violations
// but not a call with malformed provenance, and an empty chain is never
// extended into the guard's own bound.
func TestFindingAuditMalformed(t *testing.T) {
	audit := vectorConfig(t, Originate, Audit)
	malformed := []string{
		`{"v":2,"chain":[{"component":"host","bound":[{"tool":"read_file"}]}]}`,
		`{"v":1,"chain":[{"component":"host"}]}`,
		`null`,
	}
	for _, p := range malformed {
		msg := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"_meta":{"` + ProvenanceKey + `":` + p + `}}}`
		d := Decide([]byte(msg), audit)
		if d.Action != Answer || !errors.Is(d.Refusal, ErrMalformedProvenance) || !d.Refusal.Violation() {
			t.Errorf("audit mode, provenance %s: %v %v", p, d.Action, d.Refusal)
		}
		var me *bound.MalformedError
		if p != "null" && !errors.As(d.Refusal, &me) {
			t.Errorf("provenance %s: the refusal does not carry the bound fault", p)
		}
	}
	for _, mode := range []Mode{Enforce, Audit} {
		msg := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"_meta":{"` + ProvenanceKey + `":{"v":1,"chain":[]}}}}`
		d := Decide([]byte(msg), vectorConfig(t, Originate, mode))
		if !errors.Is(d.Refusal, ErrOutsideBound) || d.Action != Answer {
			t.Errorf("%v, empty chain: %v %v", mode, d.Action, d.Refusal)
		}
	}
}

// findings/spec/guard-framing.md: a tools/call smuggled between two CRs in
// a notification is relayed as one line holding the same value, which no
// line reader splits; raw LS, PS and NEL in strings are escaped.
func TestFindingFraming(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	call := `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"delete_repo","arguments":{}}}`
	msg := "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"x\":\r" + call + "\r,\"s\":\"\u2028\u2029\u0085\"}}"
	d := Decide([]byte(msg), cfg)
	want := `{"jsonrpc":"2.0","method":"notifications/progress","params":{"x": ` + call + ` ,"s":"\u2028\u2029\u0085"}}`
	if d.Action != Relay || string(d.Message) != want {
		t.Fatalf("%v %q, want the relay %q", d.Action, d.Message, want)
	}
	if !sameTree(t, d.Message, []byte(msg)) {
		t.Errorf("the relay does not read as the message")
	}
}
