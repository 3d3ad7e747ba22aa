package bound

import (
	"errors"
	"fmt"
)

// ErrMalformed is matched (errors.Is) by every fault in a provenance object,
// a bound, a rule or a constraint: SEP-3246 section 4.3 says such a chain is a
// violation, so it admits nothing.
var ErrMalformed = errors.New("bound: malformed")

// MalformedError locates one fault. Pointer is an RFC 6901 JSON pointer into
// the document that was parsed ("" is the whole document). It positions by
// pointer, not by byte offset, because bound checks decoded values whose
// bytes it never sees, so it is not the targets' positioned refusal of a
// JSON text (admit.Error, targets/internal/jsonwire); neither are
// LimitError (a size refusal, also by pointer) and GlobError (an offset
// into a pattern, not into a document). jsonwire's package doc lists them.
// Fault names the rule of SEP-3246 (section 2.2, 3.1, 3.2) the document
// broke there, for matching; Reason says it for people.
type MalformedError struct {
	Pointer string
	Fault   Fault
	Reason  string
	Err     error // the underlying cause, if any (a *GlobError, an *admit.Error, a *LimitError)
}

func (e *MalformedError) Error() string {
	return fmt.Sprintf("bound: malformed at %q: %s", e.Pointer, e.Reason)
}

// Is makes errors.Is(err, ErrMalformed) hold.
func (e *MalformedError) Is(target error) bool { return target == ErrMalformed }

// Unwrap returns the underlying cause.
func (e *MalformedError) Unwrap() error { return e.Err }

// malformed builds every fault of this package's readers that has no
// underlying cause: the pointer, the rule broken, the message.
func malformed(ptr string, fault Fault, format string, args ...any) *MalformedError {
	return &MalformedError{Pointer: ptr, Fault: fault, Reason: fmt.Sprintf(format, args...)}
}

// malformedBy is malformed with an underlying cause (admission's refusal,
// the decoder's, a *GlobError, a *LimitError), kept as Err.
func malformedBy(ptr string, fault Fault, err error, reason string) *MalformedError {
	return &MalformedError{Pointer: ptr, Fault: fault, Reason: reason, Err: err}
}

// ErrGlobSyntax is matched by every *GlobError.
var ErrGlobSyntax = errors.New("bound: invalid glob")

// GlobError is a pattern that SEP-3246 section 3.2.4 says MUST be rejected
// ("unterminated [, trailing \"), or one this package refuses as ambiguous.
// Offset is the byte offset in the pattern.
type GlobError struct {
	Offset int
	Reason string
}

func (e *GlobError) Error() string {
	return fmt.Sprintf("bound: invalid glob at byte %d: %s", e.Offset, e.Reason)
}

// Is makes errors.Is(err, ErrGlobSyntax) hold.
func (e *GlobError) Is(target error) bool { return target == ErrGlobSyntax }

// ErrNotCanonical is matched by every *CanonError: a value that SEP-3246
// section 3.2.2 says MUST be rejected rather than matched raw.
var ErrNotCanonical = errors.New("bound: cannot canonicalize")

// CanonError says why a string could not be canonicalized.
type CanonError struct {
	Reason string
}

func (e *CanonError) Error() string { return "bound: cannot canonicalize: " + e.Reason }

// Is makes errors.Is(err, ErrNotCanonical) hold.
func (e *CanonError) Is(target error) bool { return target == ErrNotCanonical }

func notCanonical(format string, args ...any) *CanonError {
	return &CanonError{Reason: fmt.Sprintf(format, args...)}
}
