package oracle

import (
	"errors"
	"fmt"
)

// The sentinels callers match with errors.Is.
var (
	// ErrRefused: the implementation declined the input as invalid.
	ErrRefused = errors.New("oracle: input refused")
	// ErrPanic: the implementation panicked on the input.
	ErrPanic = errors.New("oracle: implementation panicked")
	// ErrNotInstalled: the implementation, or what it needs to run, is not
	// on this machine.
	ErrNotInstalled = errors.New("oracle: not installed")
	// ErrClosed: the oracle was used after Close.
	ErrClosed = errors.New("oracle: closed")
)

// RefusedError is an implementation's refusal of one input, with the
// implementation's own reason.
type RefusedError struct {
	Oracle string // the oracle's Name
	Reason string // the implementation's message, as it gave it
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("oracle %s refused the input: %s", e.Oracle, e.Reason)
}

// Unwrap returns ErrRefused.
func (e *RefusedError) Unwrap() error { return ErrRefused }

// Refused wraps an implementation's error as a refusal by oracle.
func Refused(oracle string, err error) error {
	return &RefusedError{Oracle: oracle, Reason: err.Error()}
}

// PanicError is a panic inside an implementation, recovered.
type PanicError struct {
	Oracle string // the oracle's Name
	Value  any    // what the implementation panicked with
	Stack  []byte // the goroutine's stack at the panic
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("oracle %s panicked: %v", e.Oracle, e.Value)
}

// Unwrap returns ErrPanic.
func (e *PanicError) Unwrap() error { return ErrPanic }

// NotInstalledError says which oracle cannot run here, why, and how to fix it.
type NotInstalledError struct {
	Oracle string // the oracle's Name
	Fix    string // the command or step that installs it
	Err    error  // what failed when looking for it
}

func (e *NotInstalledError) Error() string {
	msg := fmt.Sprintf("oracle %s is not installed: %v", e.Oracle, e.Err)
	if e.Fix != "" {
		msg += " (fix: " + e.Fix + ")"
	}
	return msg
}

// Unwrap returns ErrNotInstalled and the underlying cause.
func (e *NotInstalledError) Unwrap() []error { return []error{ErrNotInstalled, e.Err} }
