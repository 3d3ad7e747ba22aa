package guard

import (
	"strings"
	"testing"
)

// cServerReading is how a server written in C reads a name or a string
// with cJSON (DaveGamble/cJSON 1.7: parse_string decodes \u0000 to a NUL
// byte, and every name and string is then a C string, compared with
// strcmp, or without case by cJSON_GetObjectItem): up to its first NUL.
func cServerReading(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// Red-team pass 2 (docs/GUARD.md), class "names read as C strings": the
// guard compared each name it reads exactly, decoded, while a server that
// reads JSON into C strings (cJSON) reads "method\u0000" as "method",
// "path\u0000" as "path" and the method "tools/call\u0000x" as tools/call.
// Each message below was relayed or forwarded by the guard (an unchecked
// method, a response, an unconstrained argument), and such a server read a
// tools/call of /etc/passwd, or a chain without this guard's hop. Every one
// must be refused, in enforce and audit mode, by Decide and its reference.
func TestDecideRefusesNamesACStringReaderReadsAsOthers(t *testing.T) {
	topLevel := map[string]bool{"method\\u0000, no method": true, "method tools/call\\u0000": true,
		"method tools/call\\u0000ping": true, "method ping\\u0000tools/call": true, "method tools/list\\u0000": true, "params\\u0000 after params": true, "id\\u0000 after id": true}
	for _, c := range []struct{ name, msg string }{
		{"method\\u0000, no method", `{"jsonrpc":"2.0","id":7,"method\u0000":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`},
		{"method tools/call\\u0000", `{"jsonrpc":"2.0","id":7,"method":"tools/call\u0000","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`},
		{"method tools/call\\u0000ping", `{"jsonrpc":"2.0","id":7,"method":"tools/call\u0000ping","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`},
		// a method with a NUL is another one to such a server: refused
		// whatever it is up to the NUL
		{"method ping\\u0000tools/call", `{"jsonrpc":"2.0","id":7,"method":"ping\u0000tools/call"}`},
		{"method tools/list\\u0000", `{"jsonrpc":"2.0","id":7,"method":"tools/list\u0000"}`},
		{"params\\u0000 after params", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}},"params\u0000":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`},
		{"id\\u0000 after id", `{"jsonrpc":"2.0","id":7,"id\u0000":8,"method":"ping"}`},
		{"path\\u0000 before path", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path\u0000":"/etc/passwd","path":"/srv/acme/a"}}}`},
		{"PATH\\u0000x after path", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a","PATH\u0000x":"/etc/passwd"}}}`},
		{"arguments\\u0000 after arguments", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"arguments\u0000":{"path":"/etc/passwd"}}}`},
		{"name\\u0000 after name", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"name\u0000":"write_file"}}`},
		{"provenance key\\u0000 after it", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"_meta":{"` + ProvenanceKey + `":{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file"}]}]},"` + ProvenanceKey + `\u0000":{"v":1,"chain":[{"component":"host","bound":[{"tool":"write_file"}]}]}}}}`},
	} {
		for _, mode := range []Mode{Enforce, Audit} {
			cfg := vectorConfig(t, Originate, mode)
			for _, twin := range decideTwins {
				d := twin.decide([]byte(c.msg), cfg)
				if d.Action != Answer {
					t.Errorf("%s, %v, %s: %v; a server reading C strings reads another message", c.name, mode, twin.name, d.Action)
					continue
				}
				want, code := ErrInvalidParams, CodeInvalidParams
				if topLevel[c.name] {
					want, code = ErrNotRequest, CodeInvalidRequest
				}
				if d.Refusal == nil || d.Refusal.Class != want || d.Refusal.Code != code {
					t.Errorf("%s, %v, %s: refused as %+v, want class %v, code %d", c.name, mode, twin.name, d.Refusal, want, code)
				}
			}
		}
	}
	// a NUL in a name that no C reader reads as one the guard reads, or in
	// a value: decided as before
	cfg := vectorConfig(t, Originate, Enforce)
	for msg, want := range map[string]Action{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a","mode\u0000":"r"}}}`: Forward,
		`{"jsonrpc":"2.0","id":7,"method":"ping","x\u0000":1}`:                                                                             Relay,
		`{"jsonrpc":"2.0","id":"a","method":"ping","params":{"x":"\u0000"}}`:                                                               Relay, // an id holding a NUL: TestDecideRefusesAnIDACStringReaderReadsAsAnother
	} {
		for _, decide := range []func([]byte, Config) Decision{Decide, DecideReference} {
			if d := decide([]byte(msg), cfg); d.Action != want {
				t.Errorf("%s: %v (%v), want %v", msg, d.Action, d.Refusal, want)
			}
		}
	}
	if cServerReading("tools/call\x00x") != MethodCall {
		t.Fatal("cServerReading")
	}
}

// The server's side of the same class: an answer with "id\u0000" beside
// its id is two ids to a client reading C strings (cJSON), as "ID" is to
// one matching names without case: dropped as a line with two ids, so the
// guard does not mark one request answered while the client reads
// another's answer.
func TestReplyIDReadsTwoIDsAsCStrings(t *testing.T) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"id\u0000":2,"result":{}}`,
		`{"jsonrpc":"2.0","i\u0064\u0000x":2,"id":1,"error":{}}`,
	} {
		if id, ok, two := replyID([]byte(s)); ok || !two {
			t.Errorf("replyID(%s) = %s, %v, two ids %v", s, id, ok, two)
		}
	}
	if id, ok, two := replyID([]byte(`{"jsonrpc":"2.0","id":1,"x\u0000id":2,"result":{}}`)); !ok || two || string(id) != "1" {
		t.Errorf("an answer with another name holding a NUL: %s, %v, two ids %v", id, ok, two)
	}
}
