package minimize

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// Options bounds and reports a run.
type Options struct {
	// Time bounds the run; zero means only the context bounds it. A run
	// stopped by the clock depends on the machine and its load: where the
	// result must be the same on every run, bound it by Tries and keep Time
	// only as a safety net whose firing is reported (Stats.Stopped).
	Time time.Duration
	// Tries bounds the candidates replayed; zero means no bound. A run
	// stopped by it ends on the same input on every machine, given a
	// deterministic signer.
	Tries int
	// Progress, when not nil, receives one line per stage that made
	// progress and one per round.
	Progress io.Writer
}

// Stats describes a run.
type Stats struct {
	SizeBefore int           // bytes of the input
	SizeAfter  int           // bytes of the result
	Tries      int           // candidates replayed
	Kept       int           // candidates that kept the signature
	Rounds     int           // rounds run
	Elapsed    time.Duration // wall time
	// Complete is true when the last round changed nothing: the result is
	// then a fixed point of every stage and the same on every run. It is
	// false when the tries, the deadline or the context stopped the run
	// first.
	Complete bool
	// Stopped says what stopped a run that is not complete: StoppedTries,
	// StoppedTime or StoppedContext; "" for a complete run.
	Stopped string
}

// What stopped a run before its fixed point (Stats.Stopped).
const (
	StoppedTries   = "tries"   // Options.Tries: the same on every run
	StoppedTime    = "time"    // Options.Time: depends on the machine
	StoppedContext = "context" // the caller's context
)

// Result is the smallest input found and what it took.
type Result struct {
	Input     []byte
	Signature Signature // equal to the signature of the original input
	Stats     Stats
}

// ErrNoFailure is returned when the input's signature is Pass: there is
// nothing to keep.
var ErrNoFailure = errors.New("minimize: the input does not fail")

// ErrNoSigner is returned when Minimize is given a nil Signer.
var ErrNoSigner = errors.New("minimize: no signer")

// Minimize reduces input to a smaller input with exactly the same signature
// under sig. The input is not modified. It returns ErrNoFailure, with the
// input unchanged in the Result, when the input's signature is Pass. A run
// stopped by the deadline or by ctx returns the best input found so far and
// a nil error, with Stats.Complete false.
func Minimize(ctx context.Context, input []byte, sig Signer, opts Options) (Result, error) {
	if sig == nil {
		return Result{}, ErrNoSigner
	}
	start := time.Now()
	r := &reducer{
		ctx:      ctx,
		signer:   sig,
		best:     bytes.Clone(input),
		progress: opts.Progress,
		failed:   map[string]bool{},
	}
	if opts.Time > 0 {
		r.deadline = start.Add(opts.Time)
	}
	r.maxTries = opts.Tries
	r.want = Sign(sig, r.best)
	r.tries++
	res := Result{Input: r.best, Signature: r.want}
	if r.want == Pass {
		res.Stats = Stats{SizeBefore: len(input), SizeAfter: len(input), Tries: 1, Elapsed: time.Since(start)}
		return res, ErrNoFailure
	}
	complete := false
	rounds := 0
	for !r.stopped() {
		rounds++
		before := r.best
		for _, s := range stages {
			if r.stopped() {
				break
			}
			if toks, _ := r.parsed(); s.json && len(toks) == 0 {
				continue
			}
			size, tries, kept := len(r.best), r.tries, r.kept
			s.run(r)
			if r.kept != kept {
				r.report("round %d, %s: %d -> %d bytes, %d tries", rounds, s.name, size, len(r.best), r.tries-tries)
			}
		}
		if bytes.Equal(before, r.best) {
			complete = !r.stopped()
			break
		}
	}
	res.Input = r.best
	res.Stats = Stats{
		SizeBefore: len(input),
		SizeAfter:  len(r.best),
		Tries:      r.tries,
		Kept:       r.kept,
		Rounds:     rounds,
		Elapsed:    time.Since(start),
		Complete:   complete,
	}
	if !complete {
		res.Stats.Stopped = r.stop
	}
	r.report("done: %d -> %d bytes, %d tries, %d kept, %d rounds, %v, complete %v",
		res.Stats.SizeBefore, res.Stats.SizeAfter, r.tries, r.kept, rounds, res.Stats.Elapsed.Round(time.Millisecond), complete)
	return res, nil
}

// reducer holds one run: the best input so far and the signature to keep.
type reducer struct {
	ctx      context.Context
	deadline time.Time
	signer   Signer
	want     Signature
	best     []byte
	tries    int
	kept     int
	progress io.Writer
	halted   bool
	stop     string          // what halted it
	maxTries int             // 0: no bound
	failed   map[string]bool // candidates that lost the signature

	// The token stream and containers of best, valid until best changes.
	parseValid bool
	toks       []token
	containers []container
}

// stopped reports whether the tries are spent, the deadline has passed or
// the context is done. Once true it stays true, so a run never resumes
// after a stop.
func (r *reducer) stopped() bool {
	if r.halted {
		return true
	}
	switch {
	case r.maxTries > 0 && r.tries >= r.maxTries:
		r.stop = StoppedTries
	case r.ctx.Err() != nil:
		r.stop = StoppedContext
	case !r.deadline.IsZero() && time.Now().After(r.deadline):
		r.stop = StoppedTime
	default:
		return false
	}
	r.halted = true
	return true
}

// try replays candidate and makes it the best input if it is smaller than
// the best (shorter, or as long and lexicographically smaller) and keeps the
// signature. The candidate is copied; callers may reuse its buffer.
func (r *reducer) try(candidate []byte) bool {
	if r.stopped() || !smaller(candidate, r.best) {
		return false
	}
	small := len(candidate) <= maxRememberedSize
	if small && r.failed[string(candidate)] {
		return false
	}
	r.tries++
	if Sign(r.signer, candidate) != r.want {
		if small && len(r.failed) < maxRemembered {
			r.failed[string(candidate)] = true
		}
		return false
	}
	r.kept++
	r.best = bytes.Clone(candidate)
	r.parseValid = false
	return true
}

// A run remembers up to maxRemembered candidates of at most
// maxRememberedSize bytes that lost the signature, so that the last round,
// which changes nothing, does not replay them all again.
const (
	maxRemembered     = 1 << 17
	maxRememberedSize = 1 << 10
)

// smaller is the order every candidate must descend in, which makes the
// rounds terminate.
func smaller(a, b []byte) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return bytes.Compare(a, b) < 0
}

func (r *reducer) report(format string, args ...any) {
	if r.progress != nil {
		fmt.Fprintf(r.progress, "minimize: "+format+"\n", args...)
	}
}

// A stage is one kind of reduction, run on r.best until it has tried every
// candidate it knows for the current input.
type stage struct {
	name string
	json bool // runs only on input that tokenizes
	run  func(r *reducer)
}

// stages is the order of a round: the cheap tail cut first, then the JSON
// stages, which take the largest steps, then the byte stages.
var stages = []stage{
	{name: "cut-tail", run: cutTail},
	{name: "drop-items", json: true, run: dropItems},
	{name: "unwrap", json: true, run: unwrap},
	{name: "strings", json: true, run: shortenStrings},
	{name: "escapes", json: true, run: replaceEscapes},
	{name: "scalars", json: true, run: simplifyScalars},
	{name: "remove-chunks", run: removeChunks},
	{name: "remove-bytes", run: removeBytes},
	{name: "remove-ranges", run: removeRanges},
	{name: "simplify-bytes", run: simplifyBytes},
}
