package matrix

import (
	"fmt"
	"time"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// Budget bounds the reducer on each finding and each guard class. Its
// bound is a count of tries, so that a rerun of a study ends every
// reduction on the same bytes on any machine at any load; the clock is
// only a safety net against a signer that has become slow beyond reason,
// and a reduction it stops is reported (Pair2.Stopped, the progress
// lines, SafetyNetFired) because its result depends on the machine.
type Budget struct {
	Tries int           // candidates replayed per reduction; 0 means DefaultTries
	Time  time.Duration // the safety net per reduction; 0 means DefaultSafetyNet
}

// The default budget: enough tries for every reduction of the committed
// studies to reach its fixed point (docs/STUDY.md), and a safety net far
// above what any of them takes.
const (
	DefaultTries     = 100000
	DefaultSafetyNet = 5 * time.Minute
)

func (b Budget) options() minimize.Options {
	if b.Tries <= 0 {
		b.Tries = DefaultTries
	}
	if b.Time <= 0 {
		b.Time = DefaultSafetyNet
	}
	return minimize.Options{Tries: b.Tries, Time: b.Time}
}

// stopNote says how a reduction ended, for a progress line.
func stopNote(s minimize.Stats) string {
	switch {
	case s.Complete:
		return ", fixed point"
	case s.Stopped == minimize.StoppedTime:
		return fmt.Sprintf(", STOPPED BY THE SAFETY NET after %v: this result depends on the machine", s.Elapsed.Round(time.Millisecond))
	}
	return ", stopped by the tries budget"
}

// SafetyNetFired counts the guard classes whose reduction the clock
// stopped.
func (rep GuardReport) SafetyNetFired() int {
	n := 0
	for _, ir := range rep.Implementations {
		for _, c := range ir.Classes {
			if c.Minimized.Stopped == minimize.StoppedTime {
				n++
			}
		}
	}
	return n
}
