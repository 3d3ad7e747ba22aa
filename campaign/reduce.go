package campaign

import (
	"context"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/signer"
)

// Reducer is the Minimizer of the campaign: it hands each failing input's
// bytes to findings.ReduceInput under the fuzz target that reported it
// (signer.For, or Signer for a target bound to another implementation),
// one vector per signature under Out, and checks that the minimized
// input, read back from the vector's payload, signs as the input did.
type Reducer struct {
	Out     string                                // the findings folder
	Options findings.Request                      // Time, Comment, Found, Progress; Target, Signer and Out are set per failure
	Signer  func(t Job) (*signer.Replay, error)   // nil: signer.For(t.Name) in failure mode
	Comment func(t Job, in findings.Input) string // the comment of a new vector; nil: "found by canonfuzz campaign in FuzzX"
}

// Minimize reduces and records one failing input.
func (r Reducer) Minimize(ctx context.Context, t Job, in findings.Input) (Vector, error) {
	st, err := r.target(t)
	if err != nil {
		return Vector{}, err
	}
	values, err := st.Values(in.Values)
	if err != nil {
		return Vector{}, err
	}
	before := string(st.SignValues(values))
	req := r.Options
	req.Target, req.Signer, req.Out = t.Name, st, r.Out
	req.Comment = "found by canonfuzz campaign in " + t.Name
	if r.Comment != nil {
		req.Comment = r.Comment(t, in)
	}
	rep, err := findings.ReduceInput(ctx, in, req)
	if err != nil {
		return Vector{Before: before}, err
	}
	v := Vector{Path: rep.Path, Signature: string(rep.Result.Signature), New: !rep.Repeat, Before: before}
	payload, err := st.Payload(rep.Result.Values)
	if err != nil {
		return v, err
	}
	v.Bytes = len(payload)
	back, err := st.PayloadValues(payload)
	if err != nil {
		return v, err
	}
	v.Kept = string(st.SignValues(back)) == before && v.Signature == before
	if rep.Document != nil {
		v.Document, v.DocumentBytes = rep.Document.Path, len(rep.Document.Result.Input)
	}
	return v, nil
}

func (r Reducer) target(t Job) (*signer.Replay, error) {
	if r.Signer != nil {
		return r.Signer(t)
	}
	return signer.For(t.Name, false)
}
