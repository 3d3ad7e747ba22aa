package matrix

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
)

// Outcome is what one implementation did with one input.
type Outcome struct {
	Class  oracle.Class
	Output []byte // when Class is Output
	Kind   string // for a breakdown: crash, hang, protocol, start, panic, error
	Detail string // the refusal or breakdown, shortened
}

// maxDetail bounds the text kept of an error (a crashed program's stderr
// can be 64 KiB).
const maxDetail = 300

// outcomeOf runs one input through c; a panic of an in-process
// implementation is a breakdown, not a crash of the study.
func outcomeOf(c oracle.Canonicalizer, input []byte) (o Outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = Outcome{Class: oracle.Breakdown, Kind: "panic", Detail: shorten(fmt.Sprintf("%v\n%s", v, debug.Stack()))}
		}
	}()
	out, err := c.Canonicalize(input)
	switch {
	case err == nil:
		return Outcome{Class: oracle.Output, Output: out}
	case errors.Is(err, oracle.ErrRefused):
		return Outcome{Class: oracle.Refusal, Detail: shorten(err.Error())}
	}
	return Outcome{Class: oracle.Breakdown, Kind: breakdownKind(err), Detail: shorten(err.Error())}
}

// breakdownKind names the way an implementation broke down.
func breakdownKind(err error) string {
	switch {
	case errors.Is(err, subprocess.ErrCrashed):
		return "crash"
	case errors.Is(err, subprocess.ErrTimeout):
		return "hang"
	case errors.Is(err, subprocess.ErrProtocol):
		return "protocol"
	case errors.Is(err, subprocess.ErrStart):
		return "start"
	case errors.Is(err, oracle.ErrPanic):
		return "panic"
	}
	return "error"
}

func shorten(s string) string {
	if len(s) > maxDetail {
		return s[:maxDetail] + "..."
	}
	return s
}

// Results holds every outcome: Out[i][j] is implementation i on input j.
type Results struct {
	Inputs []Input
	Impls  []Impl
	Out    [][]Outcome
}

// Run feeds every input to every implementation, each implementation in
// its own goroutine (one request at a time to each, as the Canonicalizer
// contract asks), and writes a progress line per implementation at every
// quarter of the inputs to progress. A breakdown is recorded and the run
// goes on.
func Run(inputs []Input, impls []Impl, progress io.Writer) Results {
	r := Results{Inputs: inputs, Impls: impls, Out: make([][]Outcome, len(impls))}
	var mu sync.Mutex
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(progress, "matrix: "+format+"\n", args...)
	}
	say("%d inputs through %d implementations", len(inputs), len(impls))
	var wg sync.WaitGroup
	for i, im := range impls {
		wg.Go(func() {
			outs := make([]Outcome, len(inputs))
			broke := 0
			for j, in := range inputs {
				outs[j] = outcomeOf(im.C, in.Bytes)
				if outs[j].Class == oracle.Breakdown {
					broke++
					say("%s: %s on %s: %s", im.Name, outs[j].Kind, in.ID, firstLine(outs[j].Detail))
				}
				if n := j + 1; n%max(1, len(inputs)/4) == 0 && n < len(inputs) {
					say("%s: %d/%d", im.Name, n, len(inputs))
				}
			}
			r.Out[i] = outs
			say("%s: done, %d breakdowns", im.Name, broke)
		})
	}
	wg.Wait()
	return r
}

func firstLine(s string) string {
	for i := range len(s) {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
