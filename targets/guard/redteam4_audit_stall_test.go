package guard

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// Red-team pass 4 (docs/GUARD.md), class "an audit log nobody reads": in
// audit mode each violation is forwarded because it is recorded (SEP-3246
// section 4.4). An audit log that is a pipe whose reader stops reading
// (`--audit >(cmd)` with cmd stuck, a FIFO) filled, and the guard blocked
// for ever in the write of a record: it read no more of the client and
// answered nothing (it hung). Now a record that cannot be written within
// the grace is a violation that cannot be recorded: the call is refused
// (-32603, ErrAuditWrite), and so is every later violation (the log may
// end inside a record), without waiting again; the session goes on. The
// test allows ten times the grace (CI machines are loaded).
func TestProxyAnswersWhenTheAuditLogIsNotRead(t *testing.T) {
	auditR, auditW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { auditR.Close(); auditW.Close() })
	const grace = 300 * time.Millisecond
	r := startProxy(t, "echo", &Proxy{Config: vectorConfig(t, Originate, Audit), Audit: auditW, Grace: grace})
	const n = 100
	pad := strings.Repeat("x", 2000) // 100 records of 2 KB: past a 64 KiB pipe
	go func() {
		for i := range n {
			msg := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd","pad":"%s"}}}`, i, pad)
			if _, err := io.WriteString(r.in, msg+"\n"); err != nil {
				return
			}
		}
		r.in.Close()
	}()
	answered := map[string]bool{}
	refused := 0 // -32603: the violation could not be recorded
	// one stall of the grace, then no more waiting: ten times the grace,
	// and 5 s for the hundred calls themselves on a loaded machine (the
	// guard before the fix waits for ever)
	deadline := time.After(10*grace + 5*time.Second)
	for len(answered) < n {
		select {
		case l, ok := <-r.lines:
			if !ok {
				t.Fatalf("the guard's output ended with %d of %d calls answered", len(answered), n)
			}
			// the echo server's answer (the call as its result) or the guard's
			var id int
			if _, err := fmt.Sscanf(string(l), `{"jsonrpc":"2.0","id":%d,`, &id); err != nil {
				t.Fatalf("the client read %q", l)
			}
			answered[fmt.Sprint(id)] = true
			if bytes.Contains(l, []byte(`"error":{"code":-32603,`)) {
				refused++
			}
		case <-deadline:
			t.Fatalf("%d of %d calls answered: the guard waits on an audit log nobody reads", len(answered), n)
		}
	}
	// what the log holds is whole records, each a line
	auditW.Close()
	auditR.SetReadDeadline(time.Now().Add(time.Second))
	sc := bufio.NewScanner(auditR)
	sc.Buffer(nil, 1<<20)
	records := 0
	for sc.Scan() {
		if !bytes.HasPrefix(sc.Bytes(), []byte(`{"time":`)) || !bytes.HasSuffix(sc.Bytes(), []byte(`"forwarded":true}`)) {
			t.Errorf("the audit log holds a cut record: %.80q...", sc.Bytes())
		}
		records++
	}
	if records == 0 || records >= n || records+refused != n {
		t.Errorf("%d records in the audit log and %d calls refused -32603, want some records, fewer than %d, and every other call refused", records, refused, n)
	}
	t.Logf("%d records written before the log stalled", records)
}
