package matrix

import (
	"fmt"
	"io"
)

// Study runs inputs through impls and analyzes the results, digest vectors
// included; progress lines go to progress.
func Study(inputs []Input, impls []Impl, seed uint64, progress io.Writer) (Report, Results) {
	r := Run(inputs, impls, progress)
	fmt.Fprintf(progress, "matrix: the 13 digest vectors through %d implementations\n", len(impls))
	rep := Analyze(r, seed, digestRows(impls))
	rep.SeedsStudy = replicateSeeds(r, seed)
	return rep, r
}

// Spread returns n inputs taken at even steps over inputs (all of them
// when n is 0 or at least their number), so that a small run still
// touches every category.
func Spread(inputs []Input, n int) []Input {
	if n <= 0 || n >= len(inputs) {
		return inputs
	}
	out := make([]Input, 0, n)
	for i := range n {
		out = append(out, inputs[i*len(inputs)/n])
	}
	return out
}

// Summary is the report's headline in a few lines.
func (rep Report) Summary(dir string) string {
	d := rep.Differential
	s := fmt.Sprintf("matrix: %d inputs, %d implementations; %d accepted by all, %d of them diverged (%.1f%%); %d accepted by some and refused by others; HMAC failures %d of %d messages over %d pairs",
		rep.Inputs, len(rep.Implementations), d.AllAccepted, d.Diverged, 100*d.Rate, rep.Surface.Mixed, rep.HMAC.Failures, rep.HMAC.Messages, rep.HMAC.Pairs)
	if w := rep.WorstPair; w != nil {
		s += fmt.Sprintf("; worst pair %s -> %s %d/%d (%.1f%%)", w.Signer, w.Verifier, w.Failures, w.Messages, 100*w.Rate)
	}
	return s + fmt.Sprintf("; %d breakdowns; report in %s", len(rep.Breakdowns), dir)
}
