package guard

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzDecide: on any bytes, Decide does not panic; what it sends the server
// was admitted (section 4.3, findings/spec/guard-relay-unparseable.md); a
// relay is the input byte for byte and only for a message that is not a
// tools/call; a forward is itself admitted, is a tools/call, and is what
// Decide forwards again unchanged but for one more hop; an answer is one
// admitted JSON-RPC error. Seeded with the conformance vectors.
func FuzzDecide(f *testing.F) {
	files, _ := filepath.Glob("testdata/vectors/*.vec")
	for _, file := range files {
		if v, err := readGuardVector(file); err == nil {
			f.Add(v.payload)
		}
	}
	cfg := vectorConfig(f, Originate, Enforce)
	f.Fuzz(func(t *testing.T, raw []byte) {
		d := Decide(raw, cfg)
		if d.Action != Answer && admit.Scan(raw, admit.Options{}) != nil {
			t.Fatalf("%v of bytes admit refuses: %q", d.Action, raw)
		}
		switch d.Action {
		case Relay:
			if !bytes.Equal(d.Message, raw) || d.Method == MethodCall {
				t.Fatalf("relay of %q as %q (method %q)", raw, d.Message, d.Method)
			}
		case Forward:
			if err := admit.Scan(d.Message, admit.Options{}); err != nil {
				t.Fatalf("forwarded bytes not admitted: %v", err)
			}
			v, _ := bound.ParseValue(d.Message)
			if marshalAt(v, "method") != `"tools/call"` || d.Refusal != nil {
				t.Fatalf("forwarded %s", d.Message)
			}
		case Answer:
			v, err := bound.ParseValue(d.Message)
			if err != nil || marshalAt(v, "error", "code") == "<absent>" || d.Refusal == nil {
				t.Fatalf("answer %q: %v", d.Message, err)
			}
		default:
			t.Fatalf("action %v", d.Action)
		}
	})
}
