// Package progress says how far a run of N steps has come, for a person to
// plan by: step k of N, the time elapsed and an estimate of the time left.
// The campaign (a step is a target) and the mutation sweep (a step is a
// mutant) print its lines.
package progress

import (
	"fmt"
	"sync"
	"time"
)

// Meter counts the finished steps of a run of Total steps. It is safe for
// concurrent use: steps may finish on many goroutines.
type Meter struct {
	mu    sync.Mutex
	total int
	done  int
	start time.Time
	now   func() time.Time
}

// Start begins a run of total steps at now(); now is the clock (nil:
// time.Now), which tests replace.
func Start(total int, now func() time.Time) *Meter {
	if now == nil {
		now = time.Now
	}
	return &Meter{total: total, start: now(), now: now}
}

// Begin describes step k (1-based) starting: "3 of 12".
func (m *Meter) Begin(k int) string {
	return fmt.Sprintf("%d of %d", k, m.total)
}

// Done counts one more finished step and describes the run: "3 of 12
// done, 1m5s elapsed, about 3m15s left". The estimate is the mean time
// per finished step (wall time, so steps run at once count as such) times
// the steps left.
func (m *Meter) Done() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done++
	elapsed := m.now().Sub(m.start)
	line := fmt.Sprintf("%d of %d done, %s elapsed", m.done, m.total, round(elapsed))
	if left := m.total - m.done; left > 0 {
		line += fmt.Sprintf(", about %s left", round(elapsed*time.Duration(left)/time.Duration(m.done)))
	}
	return line
}

// round is d to the second (to the tenth of a second under ten seconds).
func round(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
