package findings

import (
	"errors"
	"fmt"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// The ways a replay fails, matched by a *ReplayError.
var (
	// ErrStillFails: a fixed vector has its signature again.
	ErrStillFails = errors.New("findings: a fixed vector fails again")
	// ErrChanged: an incumbent or spec vector no longer has its signature.
	ErrChanged = errors.New("findings: the pinned behaviour changed")
	// ErrOpen: an open vector still fails and is not marked expected.
	ErrOpen = errors.New("findings: an open vector fails")
	// ErrNoLongerFails: an open vector no longer has its signature; mark it
	// fixed.
	ErrNoLongerFails = errors.New("findings: an open vector no longer fails")
	// ErrTarget: the vector's target has no signer in this build.
	ErrTarget = errors.New("findings: the target cannot be replayed")
)

// ReplayError says what one replay showed.
type ReplayError struct {
	Status Status
	Want   minimize.Signature // the recorded signature
	Got    minimize.Signature // the signature now
	Err    error              // one of the Err sentinels above
	Cause  error              // for ErrTarget, minimize's error
}

func (e *ReplayError) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%v: %v", e.Err, e.Cause)
	}
	return fmt.Sprintf("%v (status %s): recorded %q, now %q", e.Err, e.Status, e.Want, e.Got)
}

// Unwrap returns the sentinel.
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay runs the vector's payload through its target's signer, in its
// mode, and judges the signature by the vector's status. It returns nil,
// or a *ReplayError; reproduced reports whether the payload had its
// recorded signature, which is how an expected open vector is reported.
func Replay(v Vector) (reproduced bool, err error) {
	s, short, err := minimize.SignerFor(v.Target, v.Mode == Outcome)
	if err != nil || short != v.Target {
		if err == nil {
			err = fmt.Errorf("%q is not a short target name (it means %s)", v.Target, short)
		}
		return false, &ReplayError{Status: v.Status, Want: v.Signature, Err: ErrTarget, Cause: err}
	}
	got := minimize.Sign(s, v.Payload)
	reproduced = got == v.Signature
	fail := func(sentinel error) error {
		return &ReplayError{Status: v.Status, Want: v.Signature, Got: got, Err: sentinel}
	}
	switch {
	case v.Status == Fixed && reproduced:
		return reproduced, fail(ErrStillFails)
	case (v.Status == Incumbent || v.Status == Spec) && !reproduced:
		return reproduced, fail(ErrChanged)
	case v.Status == Open && !reproduced:
		return reproduced, fail(ErrNoLongerFails)
	case v.Status == Open && !v.Expected:
		return reproduced, fail(ErrOpen)
	}
	return reproduced, nil
}
