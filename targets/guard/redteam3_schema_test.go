package guard

import (
	"strings"
	"testing"
)

// Red-team pass 3 (docs/GUARD.md), class "the schema store after the
// guard's own answer". The guard learns tool schemas from the server's
// answer to a tools/list, matched by id. When the guard answers such a
// request itself (-32000 for an answer it dropped, for a request over the
// in-flight bound, or a refusal of another request of that id), the
// request leaves the table but the store kept expecting its id, so the
// next server answer carrying that id (the answer to a request the client
// sends with the id again, or a late answer) taught the guard whatever it
// held under "tools". Here that answer declares create_issue's repo a path,
// and the guard then forwarded "x/../acme/app" (refused -32001 as a plain
// string outside the bound when nothing is learned). The store now drops
// an id's expectation whenever the guard answers that id itself.
func TestProxyLearnsNoSchemaAfterItsOwnAnswer(t *testing.T) {
	const (
		poison = `{"jsonrpc":"2.0","id":5,"result":{"tools":[{"name":"create_issue","inputSchema":{"properties":{"repo":{"type":"string","format":"path"}}}}]}}`
		x      = `$(head -c 4000 /dev/zero | tr '\0' x)`
		call   = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"create_issue","arguments":{"repo":"x/../acme/app"}}}`
		ans9   = `read c; printf '{"jsonrpc":"2.0","id":9,"result":{}}\n'; cat >/dev/null`
	)
	for _, c := range []struct {
		name, script string
		maxInFlight  int
		// the client's lines before the call, and how many answers
		// each is followed by
		client []string
		reads  []int
	}{
		{"its answer dropped over the cap, the id sent again",
			`read a; printf '{"jsonrpc":"2.0","id":5,"result":{"text":"%s"}}\n' "` + x + `"; read b; printf '` + poison + `\n'; ` + ans9, 0,
			[]string{`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`, `{"jsonrpc":"2.0","id":5,"method":"x/echo"}`}, []int{1, 1}},
		{"another request of its id refused",
			`read a; read b; printf '` + poison + `\n'; ` + ans9, 0,
			[]string{`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`,
				`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
				`{"jsonrpc":"2.0","method":"notifications/x"}`}, []int{0, 1, 1}},
		{"another request of its id over the in-flight bound",
			`read a; read b; printf '` + poison + `\n'; ` + ans9, 1,
			[]string{`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`, `{"jsonrpc":"2.0","id":5,"method":"ping"}`,
				`{"jsonrpc":"2.0","method":"notifications/x"}`}, []int{0, 1, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := shServer(t, c.script)
			p.MaxServerLine = 1000
			p.MaxInFlight = c.maxInFlight
			r := launch(t, p)
			var got []string
			for i, l := range c.client {
				r.send(t, l)
				for range c.reads[i] {
					got = append(got, string(r.next(t)))
				}
			}
			r.send(t, call)
			answer := string(r.next(t))
			r.in.Close()
			r.wait(t)
			if !strings.HasPrefix(answer, `{"jsonrpc":"2.0","id":9,"error":{"code":-32001,`) {
				t.Errorf("the call of repo x/../acme/app: %q, want refused -32001 (a plain string outside the bound); before it: %q", answer, got)
			}
		})
	}
}
