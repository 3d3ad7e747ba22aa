package guard

import (
	"bytes"
	"testing"
)

// A forwarded call's line is its decided bytes with the line end written
// into the byte rewriteCall kept for it, not a copy (issue 20: a copy of
// every forwarded call to append one byte); a relayed message, which lies
// in the client's read buffer, is copied, and that buffer is not written.
func TestLineOfWritesAForwardedCallsLineEndInPlace(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	chains := newChainCache(cfg)
	for _, c := range []struct {
		name   string
		msg    string
		action Action
	}{{"call", insideMsg, Forward}, {"ping", pingMsg, Relay}} {
		// The client's read buffer: the message, its line end and the
		// next message's first bytes.
		buf := []byte(c.msg + "\n{\"next\"")
		raw := buf[:len(c.msg)]
		for _, d := range []Decision{Decide(raw, cfg), decide(raw, cfg, chains)} {
			if d.Action != c.action {
				t.Fatalf("%s: action %v, want %v", c.name, d.Action, c.action)
			}
			msg, err := frameLine(d.Message)
			if err != nil {
				t.Fatal(err)
			}
			want := string(d.Message) + "\n"
			line := lineOf(d.Action, msg)
			if string(line) != want {
				t.Errorf("%s: line %q, want %q", c.name, line, want)
			}
			shared := &line[0] == &d.Message[0]
			if c.action == Forward && !shared {
				t.Errorf("%s: the forwarded call was copied to end its line", c.name)
			}
			if c.action == Relay && (shared || &line[0] == &buf[0]) {
				t.Errorf("%s: the relayed line is the read buffer's bytes, not a copy", c.name)
			}
			if !bytes.Equal(buf, []byte(c.msg+"\n{\"next\"")) {
				t.Errorf("%s: the read buffer was written: %q", c.name, buf)
			}
		}
	}
}
