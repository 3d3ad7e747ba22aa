package guard

import (
	"strings"
	"testing"
)

// Red-team pass 3 (docs/GUARD.md), class "ids read as C strings": a
// request whose string id holds a NUL ("a\u0000b") was forwarded and kept
// in flight under its whole id, while a server reading C strings (cJSON)
// answers it as id "a": the guard dropped that answer as one to nothing in
// flight (or took it for the answer to a request "a"), and the client
// waited for its request until the server's output ended. Such a request
// is now refused -32600 by its exact id (the client can match it) and never
// forwarded, in enforce and audit mode, by Decide and its reference; a
// notification, a response (no method) and a NUL elsewhere are decided as
// before.
func TestDecideRefusesAnIDACStringReaderReadsAsAnother(t *testing.T) {
	for _, c := range []struct{ name, msg, id string }{
		{"ping", `{"jsonrpc":"2.0","id":"a\u0000b","method":"ping"}`, `"a\u0000b"`},
		{"trailing NUL", `{"jsonrpc":"2.0","id":"a\u0000","method":"tools/list"}`, `"a\u0000"`},
		{"only a NUL", `{"jsonrpc":"2.0","id":"\u0000","method":"ping"}`, `"\u0000"`},
		{"escaped otherwise", `{"jsonrpc":"2.0","id":"\u0061\u0000","method":"ping"}`, `"a\u0000"`},
		{"tools/call inside the bound", `{"jsonrpc":"2.0","id":"7\u00007","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`, `"7\u00007"`},
		{"tools/call outside the bound", `{"jsonrpc":"2.0","id":"7\u0000","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`, `"7\u0000"`},
	} {
		for _, mode := range []Mode{Enforce, Audit} {
			cfg := vectorConfig(t, Originate, mode)
			for _, twin := range decideTwins {
				d := twin.decide([]byte(c.msg), cfg)
				if d.Action != Answer || d.Notification {
					t.Errorf("%s, %v, %s: %v (notification %v); a server reading C strings answers another id", c.name, mode, twin.name, d.Action, d.Notification)
					continue
				}
				if d.Refusal == nil || d.Refusal.Class != ErrNotRequest || d.Refusal.Code != CodeInvalidRequest {
					t.Errorf("%s, %v, %s: refused as %+v, want -32600", c.name, mode, twin.name, d.Refusal)
				}
				if string(d.ID) != c.id || !strings.Contains(string(d.Message), `"id":`+c.id+`,`) {
					t.Errorf("%s, %v, %s: answered id %s (%s), want the client's %s", c.name, mode, twin.name, d.ID, d.Message, c.id)
				}
			}
		}
	}
	cfg := vectorConfig(t, Originate, Enforce)
	for msg, want := range map[string]Action{
		`{"jsonrpc":"2.0","id":"a\\u0000b","method":"ping"}`:               Relay, // a backslash, then u0000
		`{"jsonrpc":"2.0","id":"a\u0001b","method":"ping"}`:                Relay,
		`{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"\u0000"}}`: Relay,
		`{"jsonrpc":"2.0","id":"a\u0000b","result":{}}`:                    Relay, // a response: the server's own id
	} {
		for _, decide := range []func([]byte, Config) Decision{Decide, DecideReference} {
			if d := decide([]byte(msg), cfg); d.Action != want {
				t.Errorf("%s: %v (%v), want %v", msg, d.Action, d.Refusal, want)
			}
		}
	}
}

// Through the proxy: the client gets the refusal by its id at once, and the
// server never reads the request (the fake server echoes every request, so
// an answer with a result is one the server gave).
func TestProxyAnswersAnIDHoldingANULItself(t *testing.T) {
	r := startProxy(t, "echo", &Proxy{})
	r.send(t, `{"jsonrpc":"2.0","id":"a\u0000b","method":"ping"}`)
	got := string(r.next(t))
	r.in.Close()
	_, rest := r.wait(t)
	if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":"a\u0000b","error":{"code":-32600,`) {
		t.Errorf("a ping of id \"a\\u0000b\": %q, want refused -32600 by its id", got)
	}
	if len(rest) != 0 {
		t.Errorf("after the refusal the client read %q: the request reached the server", rest)
	}
}

// The answer's side: no request whose id holds a NUL is ever in flight, so
// a server answer with such an id ("a\u0000b", which a client reading C
// strings takes for its answer to "a") answers nothing the guard forwarded
// and is dropped; the request "a" gets the one answer of its own id.
// (A mutation that relays an answer to nothing in flight makes it fail.)
func TestProxyDropsAnAnswerWhoseIDHoldsANUL(t *testing.T) {
	if id, ok, two := replyID([]byte(`{"jsonrpc":"2.0","id":"a\u0000b","result":{}}`)); !ok || two || string(id) != `"a\u0000b"` {
		t.Fatalf("replyID: %s, %v, two ids %v; want the whole id", id, ok, two)
	}
	p := shServer(t, `read a; printf '{"jsonrpc":"2.0","id":"a\\u0000b","result":{"wrong":1}}\n{"jsonrpc":"2.0","id":"a","result":{}}\n'; cat >/dev/null`)
	r := launch(t, p)
	r.send(t, `{"jsonrpc":"2.0","id":"a","method":"ping"}`)
	got := string(r.next(t))
	r.in.Close()
	_, rest := r.wait(t)
	if got != `{"jsonrpc":"2.0","id":"a","result":{}}`+"\n" || len(rest) != 0 {
		t.Errorf("the client read %q then %q; want only the answer of id \"a\"", got, rest)
	}
}
