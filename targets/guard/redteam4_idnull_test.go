package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Red-team pass 4 (docs/GUARD.md), class "requests with id null": MCP
// (2025-06-18, basic "Requests": "Unlike base JSON-RPC, the ID MUST NOT be
// null") forbids them, JSON-RPC 2.0 allows them. The guard relayed every
// request but a tools/call with id null and never counted it in flight, so
// when the server went away it could not answer it (it dropped a request),
// and the server's answer by id null matched nothing. Now each is refused
// -32600 with id null and never relayed, in enforce and audit mode, by
// Decide and its reference, whatever way the member is spelled; a
// notification (no id at all) stays a notification, and a response the
// client sends (no method) is relayed as before.
func TestDecideRefusesARequestWithIDNull(t *testing.T) {
	for _, c := range []struct{ name, msg string }{
		{"ping", `{"jsonrpc":"2.0","id":null,"method":"ping"}`},
		{"tools/list", `{"jsonrpc":"2.0","id":null,"method":"tools/list"}`},
		{"initialize", `{"jsonrpc":"2.0","id":null,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`},
		{"resources/read", `{"jsonrpc":"2.0","id":null,"method":"resources/read","params":{"uri":"file:///srv/acme/a"}}`},
		{"a request named notifications/cancelled", `{"jsonrpc":"2.0","id":null,"method":"notifications/cancelled","params":{"requestId":11}}`},
		{"id last", `{"jsonrpc":"2.0","method":"ping","id":null}`},
		{"id first, no jsonrpc", `{"id":null,"method":"ping"}`},
		{"whitespace", "{ \"jsonrpc\" : \"2.0\" ,\t\"id\"\r\n:\n null , \"method\" : \"ping\" }"},
		{"the name escaped", `{"jsonrpc":"2.0","\u0069d":null,"method":"ping"}`},
		{"the name escaped twice over", `{"jsonrpc":"2.0","\u0069\u0064":null,"method":"p\u0069ng"}`},
		{"tools/call inside the bound", `{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`},
		{"tools/call outside the bound", `{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`},
		{"tools/call escaped", `{"jsonrpc":"2.0","id":null,"method":"tools\/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`},
	} {
		for _, mode := range []Mode{Enforce, Audit} {
			cfg := vectorConfig(t, Originate, mode)
			for _, twin := range decideTwins {
				d := twin.decide([]byte(c.msg), cfg)
				if d.Action != Answer || d.Notification {
					t.Errorf("%s, %v, %s: %v (notification %v), want refused and answered: a request with id null is never counted in flight", c.name, mode, twin.name, d.Action, d.Notification)
					continue
				}
				if d.Refusal == nil || d.Refusal.Class != ErrNotRequest || d.Refusal.Code != CodeInvalidRequest {
					t.Errorf("%s, %v, %s: refused as %+v, want -32600 ErrNotRequest", c.name, mode, twin.name, d.Refusal)
				}
				if d.ID != nil || !strings.HasPrefix(string(d.Message), `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`) {
					t.Errorf("%s, %v, %s: answered id %s (%s), want id null", c.name, mode, twin.name, d.ID, d.Message)
				}
			}
		}
	}
	cfg := vectorConfig(t, Originate, Enforce)
	for msg, want := range map[string]Action{
		// a notification has no id member: relayed, never answered
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`:                           Relay,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":null}}`: Relay,
		// a response the client sends (no method): the server's own id
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`: Relay,
		`{"jsonrpc":"2.0","id":null,"result":{}}`:                           Relay,
		// "null" as a string is an id like any other
		`{"jsonrpc":"2.0","id":"null","method":"ping"}`: Relay,
	} {
		for _, twin := range decideTwins {
			if d := twin.decide([]byte(msg), cfg); d.Action != want || d.Refusal != nil {
				t.Errorf("%s: %s: %v (%v), want %v", twin.name, msg, d.Action, d.Refusal, want)
			}
		}
	}
	// two ids, one of them null: admission refuses the duplicate (no
	// single id, answered null); a case alias "ID":null beside an id is an
	// alias of id (-32600, null)
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":null,"id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"\u0069d":null,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"ID":null,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":null,"ID":1,"method":"ping"}`,
	} {
		for _, twin := range decideTwins {
			if d := twin.decide([]byte(msg), cfg); d.Action != Answer || d.ID != nil || d.Notification {
				t.Errorf("%s: %s: %v id %s notification %v, want answered with id null", twin.name, msg, d.Action, d.ID, d.Notification)
			}
		}
	}
}

// Through the proxy, to a server that reads everything and answers
// nothing: the request with id null is answered -32600 at once and the
// server never reads it; the ping of id 1, which it did read, is answered
// -32000 when its output ends. Before, the request with id null reached
// the server and got no answer at all.
func TestProxyAnswersARequestWithIDNullItself(t *testing.T) {
	got := filepath.Join(t.TempDir(), "server-read")
	r := launch(t, shServer(t, `cat > '`+got+`'`))
	r.send(t, `{"jsonrpc":"2.0","id":null,"method":"ping"}`)
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	r.in.Close()
	_, lines := r.wait(t)
	n := strictAnswersByID(t, lines)
	if n["null"] != 1 || n["1"] != 1 || len(lines) != 2 {
		t.Errorf("the client read %q; want one answer of id null and one of id 1", lines)
	}
	for _, l := range lines {
		if strings.Contains(string(l), `"id":null`) && !strings.Contains(string(l), `"code":-32600`) {
			t.Errorf("the answer of id null is %q, want the guard's -32600", l)
		}
	}
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n" {
		t.Errorf("the server read %q, want only the ping of id 1", b)
	}
}
