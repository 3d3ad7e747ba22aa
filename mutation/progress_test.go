package mutation

import (
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/progress"
)

// Each finished mutant's line says how many of the selected are done, the
// time elapsed and an estimate of the time left, on the sweep's clock.
func TestSweepProgressSaysKOfNAndTimeLeft(t *testing.T) {
	clock := time.Date(2026, 12, 4, 21, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	var log strings.Builder
	s := &Sweep{Opts: Options{Log: &log}}
	m := progress.Start(3, now)
	for _, r := range []*Result{
		{Mutant: &Mutant{ID: "admit/scan.go:12:1:negate"}, Status: Killed, Duration: 1500 * time.Millisecond},
		{Mutant: &Mutant{ID: "admit/scan.go:40:3:drop"}, Status: Survived, Duration: 2 * time.Second},
		{Mutant: &Mutant{ID: "jcs/append.go:7:2:swap"}, Status: Timeout, Duration: 15 * time.Second},
	} {
		clock = clock.Add(40 * time.Second)
		s.finished(m, r)
	}
	want := "mutation: Killed         1.5s admit/scan.go:12:1:negate; 1 of 3 done, 40s elapsed, about 1m20s left\n" +
		"mutation: Survived       2.0s admit/scan.go:40:3:drop; 2 of 3 done, 1m20s elapsed, about 40s left\n" +
		"mutation: Timeout       15.0s jcs/append.go:7:2:swap; 3 of 3 done, 2m0s elapsed\n"
	if log.String() != want {
		t.Errorf("progress\n%s\nwant\n%s", log.String(), want)
	}
}
