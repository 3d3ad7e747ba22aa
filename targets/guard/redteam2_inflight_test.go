package guard

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// inFlightSession runs a session of p (its server the fake mute server,
// which reads every request and answers none but a ping) on pipes, and
// returns the client's writer, the lines it reads and the session.
func inFlightSession(t *testing.T, p *Proxy) (*io.PipeWriter, chan []byte, *session, chan int) {
	t.Helper()
	p.Config, p.Command = vectorConfig(t, Originate, Enforce), os.Args[0]
	p.Env = append(os.Environ(), fakeServerEnv+"=mute:silent", "GORACE=atexit_sleep_ms=0")
	p.Grace = 300 * time.Millisecond
	if err := p.validate(); err != nil {
		t.Fatal(err)
	}
	cw, or, s, done := pipeSession(t, p)
	return cw, linesOf(or, 1<<16), s, done
}

// Red-team pass 2 (docs/GUARD.md), class "back-pressure: requests in
// flight". A server that reads every request and answers none (a hung
// tool, or a hostile server) let the client grow the guard's pending table
// without bound: one entry per request, the id kept twice, for as long as
// the server runs. The table is bounded now (Proxy.MaxInFlight requests,
// maxInFlightIDBytes bytes of ids): a request past the bound is answered
// -32000 by its id at once and not forwarded, never dropped. Counted, not
// timed: before the bound, the table held every request sent.
func TestProxyBoundsTheRequestsInFlight(t *testing.T) {
	const bound, extra = 100, 50
	cw, lines, s, done := inFlightSession(t, &Proxy{MaxInFlight: bound})
	w := bufio.NewWriter(cw)
	for i := range bound + extra {
		w.WriteString(slowRequest(strconv.Itoa(i)) + "\n")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	// the requests past the bound are answered while the server runs
	var early [][]byte
	for range extra {
		select {
		case l := <-lines:
			early = append(early, l)
		case <-time.After(20 * time.Second):
			t.Fatalf("%d answers while the server runs, want the %d past the bound of %d: %q (%d in flight)",
				len(early), extra, bound, early, s.inFlight.size())
		}
	}
	if n := s.inFlight.size(); n != bound {
		t.Errorf("%d requests in flight, want the bound %d", n, bound)
	}
	answers, others := readAnswers(t, early)
	for i := bound; i < bound+extra; i++ {
		if got := fmt.Sprint(answers[strconv.Itoa(i)]); got != "[-32000]" {
			t.Errorf("request %d, past the bound: answered %s, want -32000 once", i, got)
		}
	}
	cw.Close()
	var rest [][]byte
	for l := range lines {
		rest = append(rest, l)
	}
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not end in 20 s")
	}
	late, more := readAnswers(t, rest)
	if len(others)+len(more) != 0 || len(late) != bound {
		t.Errorf("%d ids answered at the end, %d other lines; want the %d in flight", len(late), len(others)+len(more), bound)
	}
	for i := range bound {
		if got := fmt.Sprint(late[strconv.Itoa(i)]); got != "[-32000]" {
			t.Errorf("request %d, in flight: answered %s at the end, want -32000 once", i, got)
		}
	}
}

// The bytes of the ids in flight are bounded too: a client sending
// requests with ids of a megabyte each, which the server never answers,
// held every id (twice: as written and as its key) before.
func TestProxyBoundsTheIDBytesInFlight(t *testing.T) {
	const idLen = 1 << 20
	cw, lines, s, done := inFlightSession(t, &Proxy{maxInFlightIDBytes: 4*idLen - 1})
	id := func(i int) string {
		return `"` + strconv.Itoa(i) + strings.Repeat("x", idLen-2-len(strconv.Itoa(i))) + `"`
	}
	go func() {
		w := bufio.NewWriter(cw)
		for i := range 10 {
			w.WriteString(slowRequest(id(i)) + "\n")
		}
		w.Flush()
	}()
	var early [][]byte
	for range 7 { // 3 ids of 1 MiB fit within 4 MiB less a byte
		select {
		case l := <-lines:
			early = append(early, l)
		case <-time.After(20 * time.Second):
			t.Fatalf("%d answers while the server runs, want 7 (%d in flight)", len(early), s.inFlight.size())
		}
	}
	if n := s.inFlight.size(); n != 3 {
		t.Errorf("%d requests in flight, want 3", n)
	}
	answers, _ := readAnswers(t, early)
	for i := 3; i < 10; i++ {
		if got := fmt.Sprint(answers[id(i)]); got != "[-32000]" {
			t.Errorf("request %d: answered %s, want -32000 once", i, got)
		}
	}
	cw.Close()
	for range lines {
	}
	<-done
}
