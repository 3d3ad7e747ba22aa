package guard

import (
	"encoding/json"
	"io"
	"sync"
	"time"
)

// AuditRecord is one line of the audit log: a violation (SEP-3246 section
// 4.4: "A guard in audit mode MUST record each would-be rejection"), with
// whether the call was forwarded anyway.
type AuditRecord struct {
	Time      string          `json:"time"`
	Component string          `json:"component"`
	ID        json.RawMessage `json:"id"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	Violation string          `json:"violation"`
	Reason    string          `json:"reason"`
	Forwarded bool            `json:"forwarded"`
}

// AuditLog appends one JSON line per violation to w, each line in one
// Write, safe for concurrent use.
type AuditLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

// NewAuditLog writes to w (opened with O_APPEND by the caller).
func NewAuditLog(w io.Writer) *AuditLog { return &AuditLog{w: w, now: time.Now} }

// violationNames are the audit names of the section 4.3 classes.
var violationNames = map[error]string{
	ErrOutsideBound:        "outside-bound",
	ErrAbsentProvenance:    "absent-provenance",
	ErrMalformedProvenance: "malformed-provenance",
}

// Record appends the line for d if d is a violation, and reports whether
// it wrote one.
func (a *AuditLog) Record(d Decision, component string) (bool, error) {
	if !d.Refusal.Violation() || d.Call == nil {
		return false, nil
	}
	args := callArguments(d)
	id := json.RawMessage("null")
	if d.ID != nil {
		id = d.ID
	}
	line, err := json.Marshal(AuditRecord{
		Time:      a.now().UTC().Format(time.RFC3339Nano),
		Component: component,
		ID:        id,
		Tool:      d.Call.Name,
		Arguments: args,
		Violation: violationNames[d.Refusal.Class],
		Reason:    d.Refusal.Reason,
		Forwarded: d.Action == Forward,
	})
	if err != nil {
		return false, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, err := a.w.Write(append(line, '\n')); err != nil {
		return false, err
	}
	return true, nil
}
