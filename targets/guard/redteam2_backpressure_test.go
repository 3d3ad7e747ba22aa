package guard

import (
	"testing"
	"time"
)

// Red-team pass 2 (docs/GUARD.md), class "back-pressure: a client that
// never reads". The server writes without end and the client reads none of
// it: what the guard queues for the client stays within the client queue's
// bound (queueFactor times --max-server-line, one line past it at most;
// the batch the blocked writer took before it blocked is at most as much
// again), and the server is held back by its full pipe instead. Measured in bytes
// held, not time: the queue is sampled until it stops growing, and a
// queue past four times its bound fails at once. No defect: the test holds
// the bound (no earlier test held a client that never reads).
func TestProxyHoldsBoundedBytesForAClientThatNeverReads(t *testing.T) {
	const lineCap = 64 << 10
	p := shServer(t, `pad=$(head -c 60000 /dev/zero | tr '\0' x)
while :; do printf '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"%s"}}\n' "$pad"; done`)
	p.MaxServerLine = lineCap
	if err := p.validate(); err != nil {
		t.Fatal(err)
	}
	cw, or, s, done := pipeSession(t, p) // the client's end, or, never read
	held := func() int64 {
		s.toCli.mu.Lock()
		defer s.toCli.mu.Unlock()
		return s.toCli.bytes
	}
	bound := queueFactor*int64(lineCap) + lineCap
	last, still := int64(-1), 0
	for still < 5 {
		time.Sleep(100 * time.Millisecond)
		n := held()
		if n > 4*bound {
			t.Fatalf("the guard holds %d bytes for a client that never reads, past 4 times its bound of %d", n, bound)
		}
		if n == last && n > 0 {
			still++
		} else {
			still = 0
		}
		last = n
	}
	if last > bound {
		t.Errorf("the guard holds %d bytes for a client that never reads, want at most %d", last, bound)
	}
	t.Logf("held %d bytes for the client (bound %d)", last, bound)
	cw.Close()
	or.Close() // the client leaves: the blocked write fails
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not end in 20 s")
	}
}
