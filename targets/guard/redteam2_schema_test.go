package guard

import (
	"strings"
	"testing"
)

// Red-team pass 2 (docs/GUARD.md), class "ids in flight twice: the schema
// store". The guard learns tool schemas from the server's answer to a
// tools/list, matched by id. A client that sends another request with the
// same id while its tools/list is in flight (MCP forbids it; a hostile
// client does it) and a server that answers out of order (the fake server
// answers the last first; an asynchronous one may) made the guard learn
// from the answer to the other request: whatever it carries under
// "tools". Here an echoing method declares create_issue's repo a path, so
// the guard reads it as a path only instead of as a plain string and a
// path both, and admits "x/../acme/app", which a server using the repo as
// the plain string it is never meant as acme/app. The guard now learns
// nothing from a tools/list answer whose id another request in flight
// shares: the answer cannot be told apart.
func TestProxyLearnsNoSchemaFromAnIDInFlightTwice(t *testing.T) {
	poison := `{"jsonrpc":"2.0","id":5,"method":"x/echo","tools":[{"name":"create_issue","inputSchema":{"properties":{"repo":{"type":"string","format":"path"}}}}]}`
	for _, c := range []struct{ name, first, second string }{
		{"tools/list first", `{"jsonrpc":"2.0","id":5,"method":"tools/list"}`, poison},
		{"tools/list second", poison, `{"jsonrpc":"2.0","id":5,"method":"tools/list"}`},
		{"same value, another spelling", `{"jsonrpc":"2.0","id":5.0,"method":"tools/list"}`, poison},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := startProxy(t, "reverse:3", &Proxy{})
			r.send(t, c.first)
			r.send(t, c.second)
			r.send(t, `{"jsonrpc":"2.0","id":6,"method":"ping"}`)
			for range 3 {
				r.next(t) // the answers, last first: the ping's, then the two of id 5
			}
			r.send(t, `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"create_issue","arguments":{"repo":"x/../acme/app"}}}`)
			got := string(r.next(t))
			r.in.Close()
			r.wait(t)
			if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":9,"error":{"code":-32001,`) {
				t.Errorf("the call of repo x/../acme/app: %q, want refused -32001 (a plain string outside the bound)", got)
			}
		})
	}
}
