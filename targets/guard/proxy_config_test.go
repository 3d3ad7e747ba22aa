package guard

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// The proxy's own settings, each refused one past its documented limit and
// accepted at it (the limits pinned here as the literals the doc comments
// give: a message cap of 0..20 MiB, admit.DefaultMaxSize, and a server line
// cap of 0..256 MiB, a bound on requests in flight of 0..2^24), with the
// fault named; a negative grace and a missing
// server command are refused too. A refused Proxy never starts a server.
func TestProxyValidateLimits(t *testing.T) {
	base := func() *Proxy { return &Proxy{Config: vectorConfig(t, Originate, Enforce), Command: "true"} }
	for _, c := range []struct {
		name   string
		set    func(*Proxy)
		refuse string // "" when valid
	}{
		{"defaults", func(*Proxy) {}, ""},
		{"no server command", func(p *Proxy) { p.Command = "" }, "no server command"},
		{"grace negative", func(p *Proxy) { p.Grace = -time.Nanosecond }, "the grace -1ns is negative"},
		{"grace zero", func(p *Proxy) { p.Grace = 0 }, ""},
		{"message cap at 20 MiB", func(p *Proxy) { p.MaxMessage = 20 << 20 }, ""},
		{"message cap past 20 MiB", func(p *Proxy) { p.MaxMessage = 20<<20 + 1 },
			"the message cap 20971521 is outside 0..20971520 (0 means 4194304)"},
		{"message cap negative", func(p *Proxy) { p.MaxMessage = -1 }, "the message cap -1 is outside"},
		{"server line cap at 256 MiB", func(p *Proxy) { p.MaxServerLine = 256 << 20 }, ""},
		{"server line cap past 256 MiB", func(p *Proxy) { p.MaxServerLine = 256<<20 + 1 },
			"the server line cap 268435457 is outside 0..268435456 (0 means 16777216)"},
		{"server line cap negative", func(p *Proxy) { p.MaxServerLine = -1 }, "the server line cap -1 is outside"},
		{"requests in flight at 2^24", func(p *Proxy) { p.MaxInFlight = 1 << 24 }, ""},
		{"requests in flight past 2^24", func(p *Proxy) { p.MaxInFlight = 1<<24 + 1 },
			"the bound on requests in flight 16777217 is outside 0..16777216 (0 means 65536)"},
		{"requests in flight negative", func(p *Proxy) { p.MaxInFlight = -1 }, "the bound on requests in flight -1 is outside"},
	} {
		p := base()
		c.set(p)
		err := p.validate()
		if c.refuse == "" {
			if err != nil {
				t.Errorf("%s: refused: %v", c.name, err)
			}
			continue
		}
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), c.refuse) {
			t.Errorf("%s: %v, want ErrConfig saying %q", c.name, err, c.refuse)
		}
		if _, runErr := p.Run(strings.NewReader(""), nil); !errors.Is(runErr, ErrConfig) {
			t.Errorf("%s: Run: %v, want ErrConfig", c.name, runErr)
		}
	}
}

// A put into a full queue whose writer takes nothing gives up once the
// stall has passed (errQueueStalled), and one whose cancel channel closes
// gives up at once (errQueueClosed); neither queues the line.
func TestLineQueuePutGivesUp(t *testing.T) {
	full := func() *lineQueue {
		q := newLineQueue(4)
		if err := q.put(queued{line: []byte("{}\n")}, nil, 0); err != nil {
			t.Fatal(err)
		}
		return q
	}
	q := full()
	stalled := make(chan error, 1)
	go func() { stalled <- q.put(queued{line: []byte("[]\n")}, nil, 20*time.Millisecond) }()
	select {
	case err := <-stalled:
		if !errors.Is(err, errQueueStalled) {
			t.Errorf("put into a stalled queue: %v, want errQueueStalled", err)
		}
	case <-time.After(10 * time.Second): // a liveness bound, not a speed: the stall is 20 ms
		t.Fatal("put into a stalled queue did not give up in 10 s")
	}
	if items, _ := q.take(nil); len(items) != 1 {
		t.Errorf("the stalled queue holds %d lines, want the first alone", len(items))
	}

	q = full()
	cancel := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- q.put(queued{line: []byte("[]\n")}, cancel, 0) }()
	close(cancel)
	if err := <-done; !errors.Is(err, errQueueClosed) {
		t.Errorf("put cancelled: %v, want errQueueClosed", err)
	}
	if items, _ := q.take(nil); len(items) != 1 {
		t.Errorf("the cancelled queue holds %d lines, want the first alone", len(items))
	}
}
