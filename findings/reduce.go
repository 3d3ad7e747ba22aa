package findings

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// Request says how to turn one failing input into a vector: what
// `canonfuzz minimize` and the campaign runner ask of Reduce.
type Request struct {
	Target   string        // a short name or a fuzz target name (minimize.SignerFor)
	Outcome  bool          // keep the target's verdict rather than a failure
	Status   Status        // of a new vector; "" means Spec with Outcome, else Open
	Comment  string        // of a new vector
	Found    string        // DateLayout; "" means today (UTC)
	Time     time.Duration // bounds the minimizer; 0 means no bound
	Out      string        // the findings folder
	Progress io.Writer     // the minimizer's progress lines, if not nil
}

// Report is what Reduce did with one input.
type Report struct {
	Path   string // the vector written
	Repeat bool   // the signature had a vector already; its count grew
	Format string // the input's format (minimize.ReadInput)
	Result minimize.Result
}

// ErrSignatureLost is returned when the reduced input, replayed once more,
// does not have the signature the minimizer kept: the target is not a pure
// function of its input.
var ErrSignatureLost = errors.New("findings: the reduced input lost its signature")

// Reduce reads the input at path (any format minimize.ReadInput knows),
// minimizes it under the request's target, and records the result under
// req.Out. It returns minimize.ErrNoFailure when the input does not fail,
// ErrSignatureLost as above, a *minimize.TargetError for a target that
// cannot be replayed, and I/O errors as they are.
func Reduce(ctx context.Context, path string, req Request) (Report, error) {
	signer, short, err := minimize.SignerFor(req.Target, req.Outcome)
	if err != nil {
		return Report{}, err
	}
	data, format, err := minimize.ReadInput(path)
	if err != nil {
		return Report{}, err
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Format: format}
	rep.Result, err = minimize.Minimize(ctx, data, signer, minimize.Options{Time: req.Time, Progress: req.Progress})
	if err != nil {
		return rep, err
	}
	if again := minimize.Sign(signer, rep.Result.Input); again != rep.Result.Signature {
		return rep, fmt.Errorf("%w: %s, then %s", ErrSignatureLost, rep.Result.Signature, again)
	}
	v := Vector{
		Target:     short,
		Mode:       Failure,
		Signature:  rep.Result.Signature,
		Status:     req.Status,
		Found:      req.Found,
		Source:     filepath.ToSlash(filepath.Clean(path)),
		SizeBefore: rep.Result.Stats.SizeBefore,
		SizeAfter:  rep.Result.Stats.SizeAfter,
		Count:      1,
		Comment:    req.Comment,
		Payload:    rep.Result.Input,
	}
	sum := sha256.Sum256(raw)
	v.SourceSHA256 = hex.EncodeToString(sum[:])
	if req.Outcome {
		v.Mode = Outcome
	}
	if v.Status == "" {
		v.Status = Open
		if req.Outcome {
			v.Status = Spec
		}
	}
	if v.Found == "" {
		v.Found = time.Now().UTC().Format(DateLayout)
	}
	rep.Path, rep.Repeat, err = Record(req.Out, v)
	return rep, err
}
