package findings

import (
	"errors"
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/signer"
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
// mode, and judges the signature by the vector's status. A vector of a
// fuzz target replays through that target's property, its payload read
// back as the target's arguments, or held as its generator's document; any
// other through its short name's signer. It returns nil, or a
// *ReplayError; reproduced reports whether the payload had its recorded
// signature, which is how an expected open vector is reported. Test API:
// findings_test.go replays every vector of the folder with it on every
// go test; nothing shipped calls it.
func Replay(v Vector) (reproduced bool, err error) {
	got, err := replaySignature(v)
	if err != nil {
		return false, &ReplayError{Status: v.Status, Want: v.Signature, Err: ErrTarget, Cause: err}
	}
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

// replaySignature is the signature the vector's payload has now.
func replaySignature(v Vector) (minimize.Signature, error) {
	name := v.Target
	if v.FuzzTarget != "" {
		name = v.FuzzTarget
	}
	t, err := signer.For(name, v.Mode == Outcome)
	switch {
	case err != nil:
		return "", err
	case t.Short != v.Target:
		return "", fmt.Errorf("%s files its vectors under %s, not %s", name, t.Short, v.Target)
	case v.FuzzTarget == "" && t.Fuzz != nil:
		return "", fmt.Errorf("%q is a fuzz target: name it in the fuzz-target header", v.Target)
	case v.Form == Document:
		ds := t.DocumentSigner()
		if ds == nil {
			return "", fmt.Errorf("%s has no document form", name)
		}
		return minimize.Sign(ds, v.Payload), nil
	}
	values, err := t.PayloadValues(v.Payload)
	if err != nil {
		return "", err
	}
	return minimize.SignValues(t, values), nil
}
