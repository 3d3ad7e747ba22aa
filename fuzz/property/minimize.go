package property

import (
	"bytes"
	"context"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/verdict"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// StructureReader is how the minimizer's JSON stages read an input:
// minimize.Structure, or a planted variant.
type StructureReader = func(b []byte) ([]minimize.Span, []minimize.Container)

// StructureSpans: on any bytes the tokens are spans inside the input, in
// order and not overlapping (class token), the containers are in order of
// their brackets and end inside the input (container), and each
// container's items are in order inside it, with values inside their
// items (item).
func StructureSpans(read StructureReader, b []byte) *Violation {
	const name = "StructureSpans"
	toks, containers := read(b)
	end := 0
	for _, tk := range toks {
		if tk.Start < end || tk.End <= tk.Start || tk.End > len(b) {
			return violated(name, "token", "token %+v after offset %d", tk, end)
		}
		end = tk.End
	}
	prev := -1
	for _, c := range containers {
		if c.Open <= prev || c.End > len(b) || c.End <= c.Open {
			return violated(name, "container", "container %+v", c)
		}
		prev = c.Open
		last := c.Open + 1
		for _, it := range c.Items {
			if it.All.Start < last || it.All.End > c.End ||
				it.Value.Start < it.All.Start || it.Value.End != it.All.End || it.Value.Start > it.Value.End {
				return violated(name, "item", "item %+v of %+v", it, c)
			}
			last = it.All.End
		}
	}
	return nil
}

// Minimizer is a signature-keeping minimizer under test: minimize.Minimize,
// or a planted variant.
type Minimizer = func(ctx context.Context, input []byte, s minimize.Signer, opts minimize.Options) (minimize.Result, error)

// minimizeVerdicts are the outcome signers MinimizeKeepsTheSignature
// minimizes under: three kinds of reading, cheap enough per try.
var minimizeVerdicts = []struct {
	name string
	sign func([]byte) minimize.Signature
}{{"admit", verdict.Admit}, {"jcs", verdict.JCS}, {"bound", verdict.Bound}}

// MinimizeKeepsTheSignature: on any input of at most 128 bytes,
// minimizing under the admit, jcs and bound verdicts ends on an input with
// exactly the input's signature (class NAME:signature-changed), no larger
// (NAME:grew), without an error (NAME:error); a run that completed is a
// fixed point: minimizing its result again changes nothing
// (NAME:not-fixed-point). Each run is bounded to 500 ms, so that one input
// stays well inside a fuzzing engine's hang limit.
func MinimizeKeepsTheSignature(minimizer Minimizer, input []byte) *Violation {
	const name = "MinimizeKeepsTheSignature"
	if len(input) > 128 {
		return nil
	}
	opts := minimize.Options{Time: 500 * time.Millisecond}
	for _, vd := range minimizeVerdicts {
		s := minimize.SignerFunc(vd.sign)
		want := minimize.Sign(s, input)
		res, err := minimizer(context.Background(), input, s, opts)
		if err != nil {
			return violated(name, vd.name+":error", "%v", err)
		}
		if got := minimize.Sign(s, res.Input); got != want || res.Signature != want {
			return violated(name, vd.name+":signature-changed", "%q (%s) became %q (%s, reported %s)", input, want, res.Input, got, res.Signature)
		}
		if len(res.Input) > len(input) {
			return violated(name, vd.name+":grew", "%q became %q", input, res.Input)
		}
		if res.Stats.Complete {
			again, err := minimizer(context.Background(), res.Input, s, opts)
			if err == nil && again.Stats.Complete && !bytes.Equal(again.Input, res.Input) {
				return violated(name, vd.name+":not-fixed-point", "%q became %q, and that %q", input, res.Input, again.Input)
			}
		}
	}
	return nil
}
