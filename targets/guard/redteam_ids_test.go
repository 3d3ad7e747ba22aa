package guard

import (
	"bytes"
	"strings"
	"testing"
)

// The red-team pass (docs/GUARD.md, "Red-team pass (2026-12-06)"), class "ids": a request the
// guard refuses is answered with its own id whenever every parser reads the
// same one, and a notification it refuses is not answered at all (JSON-RPC
// 2.0 section 4.1). Before the fix every message admission refused was
// answered with id null, so a client waited forever for the answer to a
// request that held, say, a duplicate argument, and a refused notification
// got an answer.
func TestRefusedRequestKeepsItsID(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	call := func(id, args string) string {
		return `{"jsonrpc":"2.0",` + id + `"method":"tools/call","params":{"name":"read_file","arguments":{` + args + `}}}`
	}
	for _, c := range []struct {
		name, msg string
		id        string // the answer's id as JSON
		note      bool   // a notification: not answered
	}{
		// the id is read: one "id", admitted, every top-level name admitted
		{"duplicate argument", call(`"id":7,`, `"path":"/srv/acme/a","path":"/etc/passwd"`), "7", false},
		{"duplicate method", `{"jsonrpc":"2.0","id":7,"method":"tools/list","method":"tools/call","params":{}}`, "7", false},
		{"duplicate name, string id", `{"jsonrpc":"2.0","id":"a\u0062","method":"tools/call","params":{"name":"a","name":"b"}}`, `"ab"`, false},
		{"lone surrogate argument", call(`"id":7,`, `"path":"\ud800"`), "7", false},
		{"ill-formed UTF-8 argument", call(`"id":7,`, "\"path\":\"\xc0\xae\""), "7", false},
		{"number not finite", call(`"id":1.0,`, `"n":1e400`), "1.0", false},
		{"duplicate under 120 levels", call(`"id":-3,`, `"a":1,"a":`+strings.Repeat("[", 120)+strings.Repeat("]", 120)), "-3", false},
		{"id last", `{"jsonrpc":"2.0","method":"ping","params":{"a":1,"a":2},"id":12}`, "12", false},
		// no single id: null
		{"duplicate id", call(`"id":7,"id":8,`, `"path":"/srv/acme/a"`), "null", false},
		{"duplicate id, escaped", call(`"id":7,"\u0069d":8,`, `"path":"/srv/acme/a"`), "null", false},
		{"id a lone surrogate", call(`"id":"\udc00",`, `"path":"/srv/acme/a"`), "null", false},
		{"id not finite", call(`"id":1e400,`, `"path":"/srv/acme/a"`), "null", false},
		{"id null", call(`"id":null,`, `"a":1,"a":2`), "null", false},
		{"id an object", call(`"id":{"a":1,"a":2},`, `"path":"/srv/acme/a"`), "null", false},
		{"a top-level name not admitted", "{\"jsonrpc\":\"2.0\",\"id\":7,\"i\xffd\":8,\"method\":\"ping\",\"params\":{\"a\":1,\"a\":2}}", "null", false},
		{"trailing comma", call(`"id":7,`, `"path":"/srv/acme/a",`), "null", false},
		{"trailing content", `{"jsonrpc":"2.0","id":7,"method":"ping"}{"jsonrpc":"2.0","id":8,"method":"ping"}`, "null", false},
		{"batch", `[{"jsonrpc":"2.0","id":7,"method":"ping","method":"x"}]`, "null", false},
		{"not an object", `"\ud800"`, "null", false},
		{"too deep", call(`"id":-3,`, `"a":`+deep), "null", false},
		{"a duplicate before nesting past the cap", call(`"id":-3,`, `"a":1,"a":`+deep), "null", false},
		// notifications: no answer
		{"notification, duplicate member", `{"jsonrpc":"2.0","method":"notifications/progress","params":{"a":1,"a":2}}`, "null", true},
		{"tools/call notification", call(``, `"path":"/srv/acme/a"`), "null", true},
		{"tools/call notification, duplicate", call(``, `"path":"/srv/acme/a","path":"/etc/passwd"`), "null", true},
	} {
		for _, twin := range decideTwins {
			d := twin.decide([]byte(c.msg), cfg)
			if d.Action != Answer {
				t.Errorf("%s, %s: %v, want an answer", c.name, twin.name, d.Action)
				continue
			}
			if err := checkAnswer(d, d.Refusal.Code, c.id); err != nil {
				t.Errorf("%s, %s: %v", c.name, twin.name, err)
			}
			if d.Notification != c.note {
				t.Errorf("%s, %s: Notification %v, want %v", c.name, twin.name, d.Notification, c.note)
			}
		}
	}
}

// The red-team pass (docs/GUARD.md), class "ids", a request over
// --max-message: it is refused unread (-32700), and was answered with id
// null, so the client waited for the answer to its id. Its id is read from
// the first or the last bytes of the line now (oversizeRequestID), as the
// Python SDK writes a request (id first) and the TypeScript SDK (id last);
// a notification, or a line whose edges show no single id, still gets id
// null.
func TestProxyAnswersAnOversizeRequestByID(t *testing.T) {
	pad := strings.Repeat("a", 2000)
	r := startProxy(t, "echo", &Proxy{MaxMessage: 1000})
	for _, c := range []struct{ msg, id string }{
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"x","arguments":{"p":"` + pad + `"}}}`, `5`},
		{`{"method":"tools/call","params":{"name":"x","arguments":{"p":"` + pad + `"}},"jsonrpc":"2.0","id":"r-6"}`, `"r-6"`},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"p":"` + pad + `"},"id":8}`, `null`},
		{`{"jsonrpc":"2.0","method":"notifications/x","params":{"p":"` + pad + `"}}`, `null`},
	} {
		r.send(t, c.msg)
		got := r.next(t)
		if !bytes.Contains(got, []byte(`"code":-32700`)) || !bytes.HasPrefix(got, []byte(`{"jsonrpc":"2.0","id":`+c.id+`,`)) {
			t.Errorf("%.60s...: answer %.120s, want -32700 with id %s", c.msg, got, c.id)
		}
	}
	r.in.Close()
	r.wait(t)
}

func TestOversizeRequestID(t *testing.T) {
	for _, c := range []struct{ head, tail, want string }{
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"p":"aa`, `aa"}}`, `5`},
		{`{"method":"tools/call","params":{"p":"aa`, `aa"}},"jsonrpc":"2.0","id":"r-6"}`, `"r-6"`},
		{`{"params":{"p":"aa`, `aa"}},"id":9}`, `9`},               // the method may lie past the head
		{`{"jsonrpc":"2.0","id":5,"result":{"p":"aa`, `aa"}}`, ``}, // a response
		{`{"jsonrpc":"2.0","id":5,"method":"x","params":{"p":"aa`, `aa"}},"id":6}`, ``},
		{`{"method":"x","params":{"p":"aa`, "aa\"}},\"id\":\"a\x01\"}", ``}, // not admitted
		{`{"method":"x","params":{"p":"aa`, "aa\"}},\"id\":\"\xff\"}", ``},
		{`{"jsonrpc":"2.0","id":"\ud800","method":"x","params":{"p":"aa`, `aa"}}`, ``},
		{`{"jsonrpc":"2.0","method":"notifications/x","params":{"p":"aa`, `aa"}}`, ``},
	} {
		if got := oversizeRequestID([]byte(c.head), []byte(c.tail)); string(got) != c.want {
			t.Errorf("oversizeRequestID(%q, %q) = %s, want %s", c.head, c.tail, got, c.want)
		}
	}
}
