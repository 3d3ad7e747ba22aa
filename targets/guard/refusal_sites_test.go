package guard

import (
	"errors"
	"strings"
	"testing"
)

// A constrained argument is decoded only while the values it holds stay
// within bound.MaxValues (65536, pinned here as the documented literal):
// one past it is refused as a typed limit before any tree is built, never
// judged or forwarded.
func TestDecideRefusesConstrainedArgumentsPastMaxValues(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	call := func(elements int) []byte {
		return []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":` +
			zeros(elements) + `}}}`)
	}
	d := Decide(call(65536), cfg) // the array and 65536 zeros: 65537 values
	if d.Action == Forward {
		t.Fatalf("an array for a prefix-constrained path was forwarded")
	}
	const past = `over the limit of 65536 values at "/arguments/path"`
	if d.Refusal == nil || !strings.Contains(d.Refusal.Error(), past) {
		t.Fatalf("refusal %v, want one %s", d.Refusal, past)
	}
	if d.Action != Answer {
		t.Errorf("action %v, want an answer", d.Action)
	}
	d = Decide(call(65534), cfg) // 65535 values: within the limit, judged and refused as outside the bound
	if d.Refusal != nil && strings.Contains(d.Refusal.Error(), "over the limit") {
		t.Errorf("65535 values refused as past the limit: %v", d.Refusal)
	}
}

// A queue that is closed takes nothing more: put says so, and nothing is
// queued for a writer that has gone.
func TestLineQueuePutAfterClose(t *testing.T) {
	q := newLineQueue(1 << 10)
	q.close()
	if err := q.put(queued{line: []byte("{}\n")}, nil, 0); !errors.Is(err, errQueueClosed) {
		t.Fatalf("put on a closed queue: %v, want errQueueClosed", err)
	}
	if items, _ := q.take(nil); len(items) != 0 {
		t.Errorf("a closed queue handed out %d lines", len(items))
	}
}

// An admission fault that is not admit's own *admit.Error (no caller of
// notAdmitted passes one today) is still answered as the bytes not read as
// one JSON text: -32700, class ErrNotAdmitted, the fault kept as the cause.
func TestNotAdmittedForeignFault(t *testing.T) {
	fault := errors.New("read: the line was cut short")
	r := notAdmitted(fault)
	if r.Class != ErrNotAdmitted || r.Code != -32700 || !errors.Is(r, fault) || r.Reason != fault.Error() {
		t.Errorf("notAdmitted(%v) = %+v, want ErrNotAdmitted -32700 caused by it", fault, r)
	}
}

// A line past a size cap, never read whole, is answered as admit.Scan
// answers a message past its cap: class ErrTooLarge, -32700, id null, and
// data naming the kind TooLarge at the cap's offset: the proxy's cap,
// 4194304 (4 MiB, the --max-message default) or any other it is given.
func TestTooLargeAnswersAtTheCap(t *testing.T) {
	for _, c := range []struct {
		name   string
		d      Decision
		reason string
		data   string
	}{
		{"default cap", tooLarge(4<<20+5, 4<<20), "the message is 4194309 bytes, longer than the guard's message cap of 4194304",
			`,"data":{"kind":"TooLarge","offset":4194304}}}`},
		{"tooLarge", tooLarge(5000, 4096), "the message is 5000 bytes, longer than the guard's message cap of 4096",
			`,"data":{"kind":"TooLarge","offset":4096}}}`},
	} {
		r := c.d.Refusal
		if c.d.Action != Answer || r == nil || r.Class != ErrTooLarge || r.Code != -32700 || c.d.ID != nil {
			t.Errorf("%s: %v %v, want an answer of class ErrTooLarge, -32700, id null", c.name, c.d.Action, r)
			continue
		}
		if !strings.Contains(r.Reason, c.reason) {
			t.Errorf("%s: reason %q, want %q", c.name, r.Reason, c.reason)
		}
		if !strings.HasPrefix(string(c.d.Message), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`) || !strings.HasSuffix(string(c.d.Message), c.data) {
			t.Errorf("%s: answer %s, want id null, -32700 and data ending %s", c.name, c.d.Message, c.data)
		}
	}
}
