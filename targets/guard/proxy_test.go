package guard

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// proxyRun is one Proxy.Run against the fake server, with the client's two
// pipes.
type proxyRun struct {
	in    *io.PipeWriter
	lines chan []byte
	done  chan int
	err   error
}

func startProxy(t *testing.T, mode string, p *Proxy) *proxyRun {
	t.Helper()
	p.Command = os.Args[0]
	// GORACE: a race-enabled binary sleeps a second at exit by default,
	// longer than the short graces of the tests
	p.Env = append(os.Environ(), fakeServerEnv+"="+mode, "GORACE=atexit_sleep_ms=0")
	if p.Config.Component == "" {
		p.Config = vectorConfig(t, Originate, p.Config.Mode)
	}
	return launch(t, p)
}

// launch runs p with the client's two ends as pipes.
func launch(t *testing.T, p *Proxy) *proxyRun {
	t.Helper()
	cr, cw := io.Pipe()
	or, ow := io.Pipe()
	r := &proxyRun{in: cw, lines: make(chan []byte, 1<<16), done: make(chan int, 1)}
	go func() {
		br := bufio.NewReaderSize(or, 1<<20)
		for {
			l, err := br.ReadBytes('\n')
			if len(l) > 0 {
				r.lines <- l
			}
			if err != nil {
				close(r.lines)
				return
			}
		}
	}()
	go func() {
		code, err := p.Run(cr, ow)
		r.err = err
		if err != nil {
			// Run refused before reading: a send fails at once rather
			// than blocking on a pipe nobody reads.
			cr.CloseWithError(err)
		}
		ow.Close()
		r.done <- code
	}()
	t.Cleanup(func() { cw.Close() })
	return r
}

func (r *proxyRun) send(t *testing.T, msg string) {
	t.Helper()
	if _, err := io.WriteString(r.in, msg+"\n"); err != nil {
		t.Fatalf("writing to the guard: %v", err)
	}
}

// next returns the next line the client reads, with its newline.
func (r *proxyRun) next(t *testing.T) []byte {
	t.Helper()
	select {
	case l, ok := <-r.lines:
		if !ok {
			t.Fatal("the guard's output ended")
		}
		return l
	case <-time.After(20 * time.Second):
		t.Fatal("no line from the guard in 20 s")
	}
	return nil
}

// wait returns the exit status and every line not read yet.
func (r *proxyRun) wait(t *testing.T) (int, [][]byte) {
	t.Helper()
	select {
	case code := <-r.done:
		if r.err != nil {
			t.Fatalf("Run: %v", r.err)
		}
		var rest [][]byte
		for l := range r.lines {
			rest = append(rest, l)
		}
		return code, rest
	case <-time.After(20 * time.Second):
		t.Fatal("the guard did not exit in 20 s")
	}
	return 0, nil
}

const (
	pingMsg    = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	insideMsg  = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/README"}}}`
	outsideMsg = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
	dupMsg     = `{"jsonrpc":"2.0","id":4,"method":"tools/list","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
)

// Through an echo server: what the server receives comes back, so the
// client's output shows it. Relayed bytes are unchanged, the forwarded call
// is Decide's rewrite, and the refused messages never reach the server.
func TestProxyDecides(t *testing.T) {
	r := startProxy(t, "echo", &Proxy{})
	for _, m := range []string{pingMsg, "", outsideMsg, dupMsg, insideMsg, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\r"} {
		r.send(t, m)
	}
	r.in.Close()
	code, lines := r.wait(t)
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	cfg := vectorConfig(t, Originate, Enforce)
	want := map[string]bool{
		pingMsg + "\n": true,
		string(Decide([]byte(outsideMsg), cfg).Message) + "\n": true,
		string(Decide([]byte(dupMsg), cfg).Message) + "\n":     true,
		string(Decide([]byte(insideMsg), cfg).Message) + "\n":  true,
		// The CR before the LF is JSON whitespace, re-encoded as a space:
		// a reader that splits on CR would read an empty line after it
		// (findings/spec/guard-framing.md).
		"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"} \n": true,
	}
	for _, l := range lines {
		l = unechoed(l)
		if !want[string(l)] {
			t.Errorf("unexpected line %q", l)
		}
		delete(want, string(l))
	}
	for l := range want {
		t.Errorf("missing line %q", l)
	}
}

// Requests are not held back for responses: the server answers only after
// it has read all of them, last first, and nothing is lost or reordered on
// the way in.
func TestProxyInFlight(t *testing.T) {
	const n = 64
	r := startProxy(t, fmt.Sprintf("reverse:%d", n), &Proxy{})
	var sent []string // what the server must receive
	for i := range n {
		m := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i)
		if i%2 == 1 {
			m = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/%d"}}}`, i, i)
		}
		r.send(t, m)
		sent = append(sent, string(Decide([]byte(m), vectorConfig(t, Originate, Enforce)).Message))
	}
	for i := n - 1; i >= 0; i-- {
		if got := unechoed(r.next(t)); string(got) != sent[i]+"\n" {
			t.Fatalf("line %d: %q, want %q", n-1-i, got, sent[i])
		}
	}
	r.in.Close()
	if code, rest := r.wait(t); code != 0 || len(rest) != 0 {
		t.Errorf("exit %d, %d more lines", code, len(rest))
	}
}

// Clients writing concurrently: every forwarded call comes back once and
// every refused one is answered once, by id.
func TestProxyConcurrentClients(t *testing.T) {
	r := startProxy(t, "echo", &Proxy{})
	const writers, each = 8, 40
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := w*each + i
				path := fmt.Sprintf("/srv/acme/%d", id)
				if id%3 == 0 {
					path = fmt.Sprintf("/etc/%d", id)
				}
				m := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read_file","arguments":{"path":%q}}}`+"\n", id, path)
				mu.Lock()
				io.WriteString(r.in, m)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.in.Close()
	_, lines := r.wait(t)
	seen := map[string]int{}
	for _, l := range lines {
		l = unechoed(l)
		v, err := bound.ParseValue(bytes.TrimSuffix(l, []byte("\n")))
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		kind := "forwarded"
		if marshalAt(v, "error", "code") == "-32001" {
			kind = "refused"
		}
		seen[marshalAt(v, "id")+" "+kind]++
	}
	for id := range writers * each {
		kind := "forwarded"
		if id%3 == 0 {
			kind = "refused"
		}
		if k := fmt.Sprintf("%d %s", id, kind); seen[k] != 1 {
			t.Errorf("%s seen %d times", k, seen[k])
		}
	}
	if len(lines) != writers*each {
		t.Errorf("%d lines, want %d", len(lines), writers*each)
	}
}

// A message exactly at the guard's message cap passes whole; one byte more
// is answered with -32700 and never split or truncated into the server;
// the stream goes on after it. A server line at the server line cap
// reaches the client whole; one byte more is dropped, never relayed in
// part, and logged. Both caps default (DefaultMaxMessage,
// DefaultMaxServerLine) and set.
func TestProxyLargeMessages(t *testing.T) {
	for _, c := range []struct {
		p              *Proxy
		maxMsg, maxSrv int // the documented defaults as literals: 4 MiB, 16 MiB
	}{
		{&Proxy{}, 4 << 20, 16 << 20},
		{&Proxy{MaxMessage: 100 << 10, MaxServerLine: 300 << 10}, 100 << 10, 300 << 10},
	} {
		p, maxMsg, maxSrv := c.p, c.maxMsg, c.maxSrv
		var log proctest.Output
		p.Log = &log
		r := startProxy(t, fmt.Sprintf("big:%d,%d", maxSrv+1, maxSrv), p)
		if got := r.next(t); len(got) != maxSrv+1 || !bytes.HasPrefix(got, []byte(`{"jsonrpc":"2.0","method":"notifications/message"`)) {
			t.Fatalf("the server's %d-byte line arrived as %d bytes: %.100q", maxSrv, len(got)-1, got)
		}
		atCap := capSizedPing(maxMsg)
		r.send(t, string(atCap))
		if got := unechoed(r.next(t)); !bytes.Equal(got, append(atCap, '\n')) {
			t.Fatalf("a message at the cap came back as %d bytes", len(got))
		}
		over := capSizedPing(maxMsg + 1)
		r.send(t, string(over))
		got := r.next(t)
		// answered by the id its first bytes show (oversizeRequestID)
		if !bytes.Contains(got, []byte(`"code":-32700`)) || !bytes.HasPrefix(got, []byte(`{"jsonrpc":"2.0","id":1,`)) || len(got) > 1024 {
			t.Fatalf("a message over the cap: %.200q", got)
		}
		r.send(t, pingMsg)
		if got := unechoed(r.next(t)); string(got) != pingMsg+"\n" {
			t.Fatalf("after the large message: %.200q", got)
		}
		r.in.Close()
		if code, rest := r.wait(t); code != 0 || len(rest) != 0 {
			t.Errorf("exit %d, %d more lines", code, len(rest))
		}
		if want := fmt.Sprintf("dropped a server line of %d bytes", maxSrv+1); !strings.Contains(log.String(), want) {
			t.Errorf("log %q does not say %q", log.String(), want)
		}
	}
}

// The server's lines are relayed byte for byte, whatever they are, except
// a line that holds a line end some reader splits on and is not JSON that
// can be re-encoded (FrameServerLine), and a last line without a newline (a
// message cut short, as by a server killed while writing): those are
// dropped.
func TestProxyServerBytes(t *testing.T) {
	r := startProxy(t, "raw", &Proxy{})
	code, lines := r.wait(t)
	got := string(bytes.Join(lines, nil))
	if want := "{\"a\":1,\"a\":2}\n"; code != 0 || got != want {
		t.Errorf("exit %d, client read %q, want %q", code, got, want)
	}
}

// The server exits first: the guard exits without waiting for the client,
// answers the request the server read and did not answer, and closes the
// client's side. Its status is its own: a server's 1 or 2 (refused, usage
// in this command line) is ExitServerFailed, never passed through.
func TestProxyServerExit(t *testing.T) {
	for _, status := range []int{1, 2, 3} {
		r := startProxy(t, fmt.Sprintf("exit:%d", status), &Proxy{})
		r.send(t, pingMsg)
		code, lines := r.wait(t)
		if code != ExitServerFailed {
			t.Errorf("server exit %d: guard exit %d, want ExitServerFailed (%d)", status, code, ExitServerFailed)
		}
		if len(lines) != 1 || !bytes.Contains(lines[0], []byte(`"id":1,"error":{"code":-32000`)) {
			t.Errorf("server exit %d: the ping it read is not answered: %q", status, lines)
		}
		if _, err := io.WriteString(r.in, pingMsg+"\n"); !errors.Is(err, io.ErrClosedPipe) {
			t.Errorf("the client's side is still open after the server exited: %v", err)
		}
	}
}

// The client closes: the server's input is closed, it exits, the guard
// exits with its status; a server that does not exit is killed after Grace.
func TestProxyClientEOF(t *testing.T) {
	r := startProxy(t, "echo", &Proxy{})
	r.in.Close()
	if code, lines := r.wait(t); code != 0 || len(lines) != 0 {
		t.Errorf("exit %d, %d lines", code, len(lines))
	}
	r = startProxy(t, "hang", &Proxy{Grace: 100 * time.Millisecond})
	r.in.Close()
	if code, _ := r.wait(t); code != ExitServerKilled {
		t.Errorf("a server that does not exit: status %d, want ExitServerKilled (%d)", code, ExitServerKilled)
	}
}

// Schemas are learned from the server's tools/list answer as it passes:
// "/srv/acme" is refused before (the bound's prefix is "/srv/acme/"), and
// forwarded after the server has said that path is a path.
func TestProxyLearnsSchemas(t *testing.T) {
	r := startProxy(t, "tools", &Proxy{})
	call := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme"}}}`
	r.send(t, fmt.Sprintf(call, 1))
	if got := r.next(t); !bytes.Contains(got, []byte(`"code":-32001`)) {
		t.Fatalf("before tools/list: %s", got)
	}
	r.send(t, `{"jsonrpc":"2.0","id":"list","method":"tools/list"}`)
	if got := r.next(t); !bytes.Contains(got, []byte(`"format":"path"`)) {
		t.Fatalf("tools/list: %s", got)
	}
	r.send(t, fmt.Sprintf(call, 2))
	if got := unechoed(r.next(t)); !bytes.Contains(got, []byte(`"id":2,`)) || !bytes.Contains(got, []byte(`"method":"tools/call"`)) {
		t.Fatalf("after tools/list, not forwarded: %s", got)
	}
	r.in.Close()
	r.wait(t)
}

// Audit mode: the violation is forwarded and one line is appended to the
// audit log; a malformed chain is still refused and logged as not forwarded.
func TestProxyAudit(t *testing.T) {
	var audit proctest.Output
	var log proctest.Output
	r := startProxy(t, "echo", &Proxy{Config: vectorConfig(t, Originate, Audit), Audit: &audit, Log: &log})
	r.send(t, outsideMsg)
	if got := unechoed(r.next(t)); !bytes.Contains(got, []byte(`"id":3,`)) || !bytes.Contains(got, []byte(`"method":"tools/call"`)) {
		t.Fatalf("audit mode did not forward: %s", got)
	}
	r.send(t, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"_meta":{"`+ProvenanceKey+`":{"v":2,"chain":[]}}}}`)
	if got := r.next(t); !bytes.Contains(got, []byte(`"code":-32001`)) {
		t.Fatalf("malformed provenance in audit mode: %s", got)
	}
	r.send(t, insideMsg)
	r.next(t)
	r.in.Close()
	r.wait(t)
	lines := strings.Split(strings.TrimSuffix(audit.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"id":3`) || !strings.Contains(lines[0], `"forwarded":true`) ||
		!strings.Contains(lines[1], `"violation":"malformed-provenance"`) || !strings.Contains(lines[1], `"forwarded":false`) {
		t.Errorf("audit log:\n%s", audit.String())
	}
	if !strings.Contains(log.String(), "refused") {
		t.Errorf("log: %q", log.String())
	}
	if _, err := (&Proxy{Config: vectorConfig(t, Originate, Audit), Command: "true"}).Run(strings.NewReader(""), io.Discard); !errors.Is(err, ErrConfig) {
		t.Errorf("audit mode without a log: %v", err)
	}
}

// A Proxy that cannot run is refused by Run before a server starts: a
// configuration fault is ErrConfig, a server that cannot be started is
// not (it is the start's own error).
func TestProxyConfigRefused(t *testing.T) {
	for _, c := range []struct {
		p         *Proxy
		errConfig bool
	}{
		{&Proxy{Config: vectorConfig(t, 0, Enforce), Command: "true"}, true},
		{&Proxy{Config: vectorConfig(t, Originate, Enforce)}, true},
		{&Proxy{Config: vectorConfig(t, Originate, Enforce), Command: "/nonexistent/server"}, false},
	} {
		_, err := c.p.Run(strings.NewReader(""), io.Discard)
		if err == nil || errors.Is(err, ErrConfig) != c.errConfig {
			t.Errorf("%+v: %v, want an error that is ErrConfig: %v", c.p, err, c.errConfig)
		}
	}
}
