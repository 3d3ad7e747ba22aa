package subprocess

import (
	"errors"
	"fmt"
)

// ErrUndecided: a guard answered a check with ok false: it could not decide
// (it raised, or refused to read the request). It is an answer, not a
// breakdown, and it is neither an admission nor a denial.
var ErrUndecided = errors.New("subprocess: guard did not decide")

// ErrNoCheck: the program speaks protocol 1, which has no check operation.
var ErrNoCheck = errors.New("subprocess: the program speaks protocol 1, without check")

// UndecidedError is a check answered with ok false, with the guard's reason.
type UndecidedError struct {
	Oracle string
	Reason string
}

func (e *UndecidedError) Error() string {
	return fmt.Sprintf("guard %s did not decide: %s", e.Oracle, e.Reason)
}

// Unwrap returns ErrUndecided.
func (e *UndecidedError) Unwrap() error { return ErrUndecided }

// Check asks a guard (protocol 2) whether it admits the tools/call whose
// params are params under the SEP-3246 provenance object provenance, both
// as raw bytes (PROTOCOL.md, check). It returns the decision and the
// guard's reason; an ok-false answer is an *UndecidedError, and a crash,
// hang or protocol fault a *Failure, as for canonicalize.
func (c *Client) Check(provenance, params []byte) (admit bool, reason string, err error) {
	if c.Protocol() < 2 {
		return false, "", fmt.Errorf("guard %s: %w", c.Name(), ErrNoCheck)
	}
	resp, err := c.Call(Request{Op: OpCheck, Provenance: Encode(provenance), Params: Encode(params)})
	if err != nil {
		return false, "", err
	}
	if !*resp.OK {
		return false, "", &UndecidedError{Oracle: c.name, Reason: resp.Error}
	}
	switch resp.Decision {
	case DecisionAdmit:
		return true, resp.Reason, nil
	case DecisionDeny:
		return false, resp.Reason, nil
	}
	return false, "", c.protocolFault(OpCheck, fmt.Sprintf("decision %q is neither admit nor deny", resp.Decision))
}
