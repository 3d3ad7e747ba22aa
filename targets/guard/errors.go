package guard

import (
	"errors"
	"fmt"
)

// JSON-RPC 2.0 error codes the guard answers with (JSON-RPC 2.0 section
// 5.1) and the code of SEP-3246 section 4.3.
const (
	CodeParseError     = -32700 // the bytes are not one admitted JSON text
	CodeInvalidRequest = -32600 // admitted JSON, but not a request the guard can check
	CodeInvalidParams  = -32602 // a tools/call whose params are not name, arguments, _meta
	CodeInternalError  = -32603 // the guard itself cannot decide (an invalid Config)
	CodeOutsideBound   = -32001 // SEP-3246 section 4.3: a violation
)

// The classes of refusal; every *Refusal matches exactly one with errors.Is.
var (
	// ErrNotAdmitted: admit.Scan refused the bytes (the cause is the
	// *admit.Error).
	ErrNotAdmitted = errors.New("guard: message not admitted")
	// ErrTooLarge: a line longer than the size cap; it is never read.
	ErrTooLarge = errors.New("guard: message too large")
	// ErrNotRequest: admitted JSON that is not a JSON-RPC message the guard
	// can relay or check (a scalar, a method that is not a string, a
	// tools/call without a usable id, a wrong "jsonrpc").
	ErrNotRequest = errors.New("guard: not a JSON-RPC request")
	// ErrBatch: a top-level array (findings/spec/guard-batch.md).
	ErrBatch = errors.New("guard: batches are not relayed")
	// ErrInvalidParams: a tools/call whose params cannot be read as a call.
	ErrInvalidParams = errors.New("guard: invalid tools/call params")
	// ErrMalformedProvenance: the provenance is present and malformed or of
	// an unrecognized v (section 4.3).
	ErrMalformedProvenance = errors.New("guard: malformed provenance")
	// ErrAbsentProvenance: no provenance under the Reject disposition
	// (section 4.5.1).
	ErrAbsentProvenance = errors.New("guard: absent provenance")
	// ErrOutsideBound: the call is not within effbound (section 4.2).
	ErrOutsideBound = errors.New("guard: outside the conferred bound")
	// ErrGuardConfig: Decide was given a Config that does not validate.
	ErrGuardConfig = errors.New("guard: cannot decide under an invalid configuration")
)

// Refusal says why a message was answered instead of forwarded, or, in
// audit mode, which violation a forwarded call would have been refused for.
type Refusal struct {
	Class  error  // one of the Err... classes above
	Code   int    // the JSON-RPC error code of the answer
	Reason string // for people and the audit log
	Cause  error  // the underlying error (*admit.Error, *bound.MalformedError, *bound.LimitError), if any: a refusal built from an error keeps it
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%v (%d): %s", r.Class, r.Code, r.Reason)
}

// Is matches the refusal's class.
func (r *Refusal) Is(target error) bool { return target == r.Class }

// Unwrap returns the underlying cause.
func (r *Refusal) Unwrap() error { return r.Cause }

// Violation reports whether this is a section 4.3 violation (code -32001),
// the refusals that audit mode records.
func (r *Refusal) Violation() bool { return r != nil && r.Code == CodeOutsideBound }
