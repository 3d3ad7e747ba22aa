package guard

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// A client that cancels a million times leaves the pending table holding
// its uncancelled requests only, and the schema store no tools/list it
// cancelled; counted, not timed. The cancels name requests in flight, the
// same ones again, ids never forwarded, and the same ids as strings; the
// kept requests are answered once, by the guard, when the server's output
// ends.
func TestProxyCancelBoundsThePendingTable(t *testing.T) {
	const cancels, kept = 1_000_000, 100
	p := &Proxy{Config: vectorConfig(t, Originate, Enforce), Command: os.Args[0],
		Env: append(os.Environ(), fakeServerEnv+"=mute:silent", "GORACE=atexit_sleep_ms=0")}
	if err := p.validate(); err != nil {
		t.Fatal(err)
	}
	cw, or, s, done := pipeSession(t, p)
	lines := linesOf(or, 1<<10)
	sent := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(cw, 1<<16)
		for i := range kept {
			w.WriteString(slowRequest(`"kept`+strconv.Itoa(i)+`"`) + "\n")
		}
		for i, n := 0, 0; n < cancels; i++ {
			id := strconv.Itoa(i)
			switch i % 4 {
			case 0: // a request, cancelled
				w.WriteString(slowRequest(id) + "\n" + cancelOf(id) + "\n")
				n++
			case 1: // a tools/list, cancelled twice
				w.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list"}` + "\n" + cancelOf(id) + "\n" + cancelOf(id) + "\n")
				n += 2
			case 2: // an id never forwarded
				w.WriteString(cancelOf("-"+id) + "\n")
				n++
			case 3: // the request before last as a string: another id
				w.WriteString(cancelOf(`"`+strconv.Itoa(i-3)+`"`) + "\n")
				n++
			}
		}
		w.WriteString(`{"jsonrpc":"2.0","id":"end","method":"ping"}` + "\n")
		sent <- w.Flush()
	}()
	for l := range lines {
		if bytes.HasPrefix(l, []byte(`{"jsonrpc":"2.0","id":"end","result":`)) {
			break
		}
		t.Fatalf("before the last ping's answer the client read %q", l)
	}
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	// The server has answered the ping sent after every cancel, so the
	// guard has decided them all.
	if n := s.inFlight.size(); n != kept {
		t.Errorf("%d requests in flight after %d cancels, want the %d not cancelled", n, cancels, kept)
	}
	s.store.mu.Lock()
	if n := len(s.store.pending); n != 0 {
		t.Errorf("the schema store awaits %d tools/list answers, all cancelled", n)
	}
	s.store.mu.Unlock()
	cw.Close()
	var rest [][]byte
	for l := range lines {
		rest = append(rest, l)
	}
	select {
	case code := <-done:
		if code != ExitClean {
			t.Errorf("exit %d", code)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not end in 20 s")
	}
	answers, others := readAnswers(t, rest)
	if len(answers) != kept || len(others) != 0 {
		t.Errorf("%d ids answered at the end and %d other lines, want the %d kept", len(answers), len(others), kept)
	}
	for i := range kept {
		if id := `"kept` + strconv.Itoa(i) + `"`; fmt.Sprint(answers[id]) != "[-32000]" {
			t.Errorf("%s answered %q, want once with -32000", id, answers[id])
		}
	}
}

// size is the number of requests in flight.
func (p *pendingSet) size() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, c := range p.ids {
		n += len(c.written)
	}
	return n
}
