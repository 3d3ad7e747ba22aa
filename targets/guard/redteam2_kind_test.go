package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Red-team pass 2 (docs/GUARD.md), class "message kinds": the server sends
// a request of its own (roots/list) with id 1 while the client's request 1
// is in flight; the client answers it, sends a response whose id the
// server never asked, and a "response" that also carries a tools/call of
// /etc/passwd. The guard keeps no table of the server's requests and keys
// its own table by the client's requests only: the server's request is
// relayed and not taken for an answer, both client responses are relayed
// and not taken for requests, the smuggled call is decided as the call it
// is (refused, -32001), and the client reads the server's answer to its
// request 1 exactly once. No defect: the test holds it.
func TestProxyServerRequestSharingAClientID(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "server-read")
	r := launch(t, shServer(t, `read a; printf '%s\n' "$a" >> `+log+`
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"roots/list"}'
read b; printf '%s\n' "$b" >> `+log+`
read c; printf '%s\n' "$c" >> `+log+`
read d; printf '%s\n' "$d" >> `+log+`
printf '%s\n' '{"jsonrpc":"2.0","id":1,"result":{"pong":true}}'
cat >> `+log))
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if got := string(r.next(t)); got != `{"jsonrpc":"2.0","id":1,"method":"roots/list"}`+"\n" {
		t.Fatalf("the client read %q, want the server's roots/list", got)
	}
	r.send(t, `{"jsonrpc":"2.0","id":1,"result":{"roots":[]}}`)
	r.send(t, `{"jsonrpc":"2.0","id":"never-asked","result":{}}`)
	r.send(t, `{"jsonrpc":"2.0","id":1,"result":{},"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`)
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	var got []string
	for range 2 {
		got = append(got, strings.TrimSuffix(string(r.next(t)), "\n"))
	}
	r.in.Close()
	_, rest := r.wait(t)
	for _, l := range rest {
		got = append(got, strings.TrimSuffix(string(l), "\n"))
	}
	var answers, refusals int
	for _, l := range got {
		switch {
		case l == `{"jsonrpc":"2.0","id":1,"result":{"pong":true}}`:
			answers++
		case strings.HasPrefix(l, `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,`):
			refusals++
		default:
			t.Errorf("the client read %q", l)
		}
	}
	if answers != 1 || refusals != 1 {
		t.Errorf("the client read the server's answer to 1 %d times and the refusal %d times, want once each: %q", answers, refusals, got)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":1,"result":{"roots":[]}}` + "\n" +
		`{"jsonrpc":"2.0","id":"never-asked","result":{}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
	if string(b) != want {
		t.Errorf("the server read\n%s\nwant\n%s", b, want)
	}
}

// Red-team pass 2, class "ids in flight twice": three requests with id 1
// in flight at once, the second refused by the guard (outside the bound)
// and the others forwarded; the echo server answers the two it read. The
// client reads three answers to id 1, each once: the server's two and the
// guard's refusal, and no -32000 when the session ends (the refused
// request was never counted in flight, each server answer removed one).
// No defect.
func TestProxySameIDRefusedAndForwarded(t *testing.T) {
	r := startProxy(t, "echo", &Proxy{})
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`)
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`)
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	var got []string
	for range 3 {
		got = append(got, string(r.next(t)))
	}
	r.in.Close()
	_, rest := r.wait(t)
	for _, l := range rest {
		got = append(got, string(l))
	}
	var forwarded, refused int
	for _, l := range got {
		switch {
		case strings.HasPrefix(l, `{"jsonrpc":"2.0","id":1,"result":`):
			forwarded++
		case strings.HasPrefix(l, `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,`):
			refused++
		default:
			t.Errorf("the client read %q", l)
		}
	}
	if forwarded != 2 || refused != 1 {
		t.Errorf("%d server answers and %d refusals to id 1, want 2 and 1: %q", forwarded, refused, got)
	}
}
