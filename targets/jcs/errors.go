package jcs

import (
	"errors"
	"fmt"
)

// WriteError reports input that the writer could not write although it was
// handed over as admitted. [Canonicalize] returns it only if admit.Scan
// admitted something outside RFC 8259 or RFC 8785 section 3.1, so it marks a
// bug in one of the two, never a property of the input alone: the fuzz
// tests hold that it never occurs. It is therefore not the targets' one
// positioned refusal (admit.Error, targets/internal/jsonwire), which names
// a rule the input broke; the package doc of jsonwire gives this reason.
type WriteError struct {
	Offset int64 // byte offset into the input where writing stopped
	Err    error // what was wrong there; one of the err* sentinels below
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("jcs: cannot write admitted input at byte %d: %v", e.Offset, e.Err)
}

// Unwrap returns the cause.
func (e *WriteError) Unwrap() error { return e.Err }

var (
	errSyntax    = errors.New("not RFC 8259 JSON")
	errNumber    = errors.New("number has no finite double")
	errSurrogate = errors.New("escape is not a Unicode scalar value")
)
