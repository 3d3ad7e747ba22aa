package guard

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
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
	// stall, when positive, bounds each write to a w that takes a write
	// deadline (a pipe, an *os.File the runtime polls): a log whose
	// reader stops reading fails the write instead of blocking the
	// session for ever (red-team pass 4 of docs/GUARD.md).
	stall time.Duration
	// stalled is the error of a write that ran out of time: the log may
	// end inside a record, so every later Record fails with it, at once.
	stalled error
}

// errAuditStalled is the cause of a record not written within the stall.
var errAuditStalled = errors.New("the audit log was not read")

// writeDeadliner is a writer that takes a write deadline (*os.File).
type writeDeadliner interface{ SetWriteDeadline(time.Time) error }

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
	line := AuditRecord{
		Time:      a.now().UTC().Format(time.RFC3339Nano),
		Component: component,
		ID:        id,
		Tool:      d.Call.Name,
		Arguments: args,
		Violation: violationNames[d.Refusal.Class],
		Reason:    d.Refusal.Reason,
		Forwarded: d.Action == Forward,
	}.appendJSON(make([]byte, 0, 256+len(args)))
	// one line to every line reader, as on the transport: a raw U+2028 in a
	// tool name or a reason becomes its escape
	line = reframe(line)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stalled != nil {
		return false, a.stalled
	}
	// a regular file takes no deadline, and needs none
	if dw, ok := a.w.(writeDeadliner); ok && a.stall > 0 && dw.SetWriteDeadline(time.Now().Add(a.stall)) == nil {
		defer dw.SetWriteDeadline(time.Time{})
	}
	if _, err := a.w.Write(append(line, '\n')); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			a.stalled = fmt.Errorf("%w within %v: no violation is recorded after it", errAuditStalled, a.stall)
			return false, a.stalled
		}
		return false, err
	}
	return true, nil
}

// appendJSON writes the record as encoding/json writes it (the members in
// the struct's order), without json.Marshal's second pass over ID and
// Arguments: both are the guard's own deterministic JSON (readID,
// callArguments), which that pass would only re-validate, at the cost of
// one more scan of arguments that may be megabytes.
func (r AuditRecord) appendJSON(b []byte) []byte {
	b = append(b, `{"time":`...)
	b = appendJSONString(b, r.Time)
	b = append(b, `,"component":`...)
	b = appendJSONString(b, r.Component)
	b = append(b, `,"id":`...)
	b = append(b, r.ID...)
	b = append(b, `,"tool":`...)
	b = appendJSONString(b, r.Tool)
	b = append(b, `,"arguments":`...)
	b = append(b, r.Arguments...)
	b = append(b, `,"violation":`...)
	b = appendJSONString(b, r.Violation)
	b = append(b, `,"reason":`...)
	b = appendJSONString(b, r.Reason)
	b = append(b, `,"forwarded":`...)
	b = strconv.AppendBool(b, r.Forwarded)
	return append(b, '}')
}

// ErrAuditWrite is the class of the refusal of a violation that audit mode
// would have forwarded but could not record: the record is what makes
// forwarding a violation acceptable (SEP-3246 section 4.4), so without it
// the call fails closed.
var ErrAuditWrite = errors.New("guard: the audit log could not be written")

// auditRefusal turns a forwarded violation whose record failed into an
// answer (-32603): the call is not forwarded.
func auditRefusal(d Decision, err error) Decision {
	a := answer(d.ID, &Refusal{Class: ErrAuditWrite, Code: CodeInternalError,
		Reason: "the audit log could not be written, so the violation is refused: " + err.Error(), Cause: err})
	a.Method, a.Call = d.Method, d.Call
	return a
}
