package subprocess

import (
	"errors"
	"fmt"
)

// The sentinels a Failure wraps; callers match them with errors.Is.
var (
	// ErrCrashed: the program exited, or closed its stdout, before it
	// answered.
	ErrCrashed = errors.New("subprocess: oracle crashed")
	// ErrTimeout: the program did not answer within the timeout.
	ErrTimeout = errors.New("subprocess: oracle timed out")
	// ErrProtocol: the program answered with something that is not a valid
	// response to the request.
	ErrProtocol = errors.New("subprocess: oracle broke the protocol")
	// ErrStart: the program could not be started or failed the hello
	// handshake.
	ErrStart = errors.New("subprocess: oracle failed to start")
)

// Failure is a request that the program failed to answer properly. The
// program has been stopped by the time a Failure is returned; the next
// request starts it again.
type Failure struct {
	Oracle string // the program's name from hello, or its command before that
	Op     string // the request's op
	ID     uint64 // the request's id
	Kind   error  // ErrCrashed, ErrTimeout, ErrProtocol or ErrStart
	Detail string // what exactly went wrong
	Exit   string // how the program ended, e.g. "exit status 3", "signal: killed"
	Stderr string // the last bytes the program wrote to stderr
}

func (f *Failure) Error() string {
	msg := fmt.Sprintf("oracle %s: %v on %s request %d: %s", f.Oracle, f.Kind, f.Op, f.ID, f.Detail)
	if f.Exit != "" {
		msg += " (" + f.Exit + ")"
	}
	if f.Stderr != "" {
		msg += "; stderr: " + f.Stderr
	}
	return msg
}

// Unwrap returns the Kind.
func (f *Failure) Unwrap() error { return f.Kind }
