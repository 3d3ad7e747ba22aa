package progress

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// The lines say step k of N, the time elapsed and the mean time per step
// times the steps left; the last says no estimate.
func TestMeterLines(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 12, 4, 21, 0, 0, 0, time.UTC)}
	m := Start(4, clock.now)
	if got := m.Begin(1); got != "1 of 4" {
		t.Errorf("Begin(1) = %q", got)
	}
	var got []string
	for _, d := range []time.Duration{20 * time.Second, 40 * time.Second, 1500 * time.Millisecond, 90 * time.Second} {
		clock.advance(d)
		got = append(got, m.Done())
	}
	want := []string{
		"1 of 4 done, 20s elapsed, about 1m0s left",
		"2 of 4 done, 1m0s elapsed, about 1m0s left",
		"3 of 4 done, 1m2s elapsed, about 21s left", // 61.5 s / 3 = 20.5 s, rounded
		"4 of 4 done, 2m32s elapsed",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lines\n%q\nwant\n%q", got, want)
	}
}

// Steps finishing on many goroutines are each counted once.
func TestMeterConcurrent(t *testing.T) {
	clock := &fakeClock{}
	m := Start(100, clock.now)
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() { defer wg.Done(); m.Done() }()
	}
	wg.Wait()
	if got := m.Done(); got != "101 of 100 done, 0s elapsed" {
		t.Errorf("after 100 steps and one more: %q", got)
	}
}
