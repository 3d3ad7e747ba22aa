package planted

import (
	"context"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// StructureOverrunsUnterminated is minimize.Structure with the span of an
// unterminated string at the end of the input one byte past the end: the
// off-by-one of a tokenizer that takes the closing quote for granted.
func StructureOverrunsUnterminated(b []byte) ([]minimize.Span, []minimize.Container) {
	spans, cs := minimize.Structure(b)
	if n := len(spans); n > 0 {
		last := &spans[n-1]
		if b[last.Start] == '"' && (last.End-last.Start == 1 || b[last.End-1] != '"') {
			last.End++
		}
	}
	return spans, cs
}

// MinimizeKeepsAnyFailure is minimize.Minimize as Go's built-in minimizer
// and libFuzzer's -minimize_crash work: a candidate is kept if it fails
// at all, whatever its signature, so a run can end on another failure
// than the one it started from. It reports the input's signature.
func MinimizeKeepsAnyFailure(ctx context.Context, input []byte, s minimize.Signer, opts minimize.Options) (minimize.Result, error) {
	anyFailure := minimize.SignerFunc(func(b []byte) minimize.Signature {
		if minimize.Sign(s, b) == minimize.Pass {
			return minimize.Pass
		}
		return "failure"
	})
	res, err := minimize.Minimize(ctx, input, anyFailure, opts)
	res.Signature = minimize.Sign(s, input)
	return res, err
}
