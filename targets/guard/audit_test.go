package guard

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// The audit line is the JSON encoding/json writes for the record, for
// strings that need escaping too: a log reader decodes what the guard
// recorded.
func TestAuditRecordIsJSON(t *testing.T) {
	for _, r := range []AuditRecord{
		{Time: "2026-01-02T03:04:05Z", Component: "g", ID: json.RawMessage(`7`), Tool: "read_file",
			Arguments: json.RawMessage(`{"path":"/etc/passwd"}`), Violation: "outside-bound", Reason: "r", Forwarded: true},
		{Time: "t", Component: "a\"b\\c\u2028<>&\x01", ID: json.RawMessage(`"id\n"`), Tool: "\u00e9",
			Arguments: json.RawMessage(`{}`), Violation: "", Reason: "line\nbreak", Forwarded: false},
	} {
		got := r.appendJSON(nil)
		var back AuditRecord
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		if back.Time != r.Time || back.Component != r.Component || !bytes.Equal(back.ID, r.ID) || back.Tool != r.Tool ||
			!bytes.Equal(back.Arguments, r.Arguments) || back.Violation != r.Violation || back.Reason != r.Reason || back.Forwarded != r.Forwarded {
			t.Errorf("%s read back as %+v", got, back)
		}
		if at := lineEndAt(reframe(got)); at >= 0 {
			t.Errorf("the audit line, framed, holds a line end at %d: %q", at, got)
		}
	}
}

// Record writes one line per violation, in one Write.
func TestAuditRecordWritesOneLine(t *testing.T) {
	var buf bytes.Buffer
	a := NewAuditLog(&buf)
	a.now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
	cfg := vectorConfig(t, Originate, Audit)
	d := Decide([]byte(outsideMsg), cfg)
	if ok, err := a.Record(d, "guard"); !ok || err != nil {
		t.Fatalf("Record: %v %v", ok, err)
	}
	if ok, _ := a.Record(Decide([]byte(insideMsg), cfg), "guard"); ok {
		t.Errorf("a call within the bound was recorded")
	}
	want := `{"time":"2026-01-02T03:04:05Z","component":"guard","id":3,"tool":"read_file","arguments":{"path":"/etc/passwd"},"violation":"outside-bound","reason":`
	if !bytes.HasPrefix(buf.Bytes(), []byte(want)) || bytes.Count(buf.Bytes(), []byte("\n")) != 1 || !bytes.HasSuffix(buf.Bytes(), []byte(`,"forwarded":true}`+"\n")) {
		t.Errorf("audit log %s", buf.Bytes())
	}
}
