package guard

import "testing"

// Red-team pass 2 (docs/GUARD.md), class "JSON-RPC shape": a request whose
// id is a boolean, an object or an array (JSON-RPC 2.0 section 4: an id
// "MUST contain a String, Number, or Null value"; MCP: a string or an
// integer). A tools/call with such an id was refused already; any other
// request was relayed to the server and never counted in flight, so the
// guard neither matched its answer (a server that coerces true to 1, as a
// lax decoder does, answered another request's id) nor answered it when
// the server went away. Now each is refused -32600 with id null (its id
// cannot be written back), and the server never sees it. An id null, which
// JSON-RPC 2.0 allows and MCP forbids, was relayed; since red-team pass 4
// it is refused alike (TestDecideRefusesARequestWithIDNull).
func TestDecideRefusesARequestWhoseIDIsNotAStringOrNumber(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	for _, id := range []string{`true`, `false`, `{}`, `{"a":1}`, `[]`, `[1]`, `null`} {
		for _, method := range []string{"ping", "tools/list", "initialize", "resources/read"} {
			msg := `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"}`
			for _, twin := range decideTwins {
				d := twin.decide([]byte(msg), cfg)
				if d.Action != Answer || d.Notification || d.Refusal == nil || d.Refusal.Code != CodeInvalidRequest || d.ID != nil {
					t.Errorf("%s: %s: %v id %s notification %v refusal %v, want an answer -32600 with id null", twin.name, msg, d.Action, d.ID, d.Notification, d.Refusal)
				}
			}
		}
	}
	// responses the client sends (no method) keep being relayed whatever
	// their id (the server matches them to its own requests); a
	// notification has no id at all
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":true,"result":{}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":"a","method":"ping"}`,
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`,
	} {
		if d := Decide([]byte(msg), cfg); d.Action != Relay {
			t.Errorf("%s: %v (%v), want relay", msg, d.Action, d.Refusal)
		}
	}
}

// Red-team pass 2, class "JSON-RPC shape: refused notifications": a
// notification (a "method" member and no "id" member) that the guard
// refuses at the top level (its method not a string, a method holding a
// NUL, a member an alias of one the guard reads) got an answer with id
// null, which JSON-RPC 2.0 section 4.1 forbids ("The Server MUST NOT reply
// to a Notification"); the first pass fixed that for admission refusals
// and a tools/call without an id only. Now each is refused, logged and
// not answered (Decision.Notification); the same messages with an id are
// answered by it.
func TestDecideAnswersNoRefusedNotification(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	for _, msg := range []string{
		`{"jsonrpc":"2.0","method":5}`,
		`{"jsonrpc":"2.0","method":null,"params":{}}`,
		`{"jsonrpc":"2.0","method":"tools/call\u0000","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","METHOD":"tools/call","params":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params\u0000":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","Jsonrpc":"1.0"}`,
	} {
		for _, twin := range decideTwins {
			d := twin.decide([]byte(msg), cfg)
			if d.Action != Answer || !d.Notification || d.Refusal == nil {
				t.Errorf("%s: %s: %v notification %v (%v), want refused and not answered", twin.name, msg, d.Action, d.Notification, d.Refusal)
			}
			withID := `{"id":3,` + msg[1:]
			if d := twin.decide([]byte(withID), cfg); d.Action != Answer || d.Notification || string(d.ID) != "3" {
				t.Errorf("%s: %s: %v notification %v id %s, want answered by id 3", twin.name, withID, d.Action, d.Notification, d.ID)
			}
		}
	}
	// no method member: not a notification, answered with id null as
	// JSON-RPC 2.0 section 5 says for an invalid request whose id cannot be
	// read
	if d := Decide([]byte(`{"jsonrpc":"2.0","Method":"tools/call"}`), cfg); d.Action != Answer || d.Notification {
		t.Errorf(`"Method" and no method or id: %v notification %v, want answered`, d.Action, d.Notification)
	}
}
