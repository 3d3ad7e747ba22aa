package proctest

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"
)

// recorder is a testing.TB that records what Started reports and the
// cleanups it registers; Fatalf ends the goroutine, as testing's does.
type recorder struct {
	testing.TB
	failures []string
	cleanups []func()
}

func (r *recorder) Helper()          {}
func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recorder) Errorf(format string, a ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) {
	r.Errorf(format, a...)
	runtime.Goexit()
}

// closer counts its Close calls and returns err from each.
type closer struct {
	closed int
	err    error
}

func (c *closer) Close() error { c.closed++; return c.err }

// run calls Started in a goroutine of its own (a Fatalf ends it), then the
// cleanups it registered, and returns what was reported.
func run(what string, c *closer, err error) (*recorder, bool) {
	r := &recorder{}
	returned := false
	done := make(chan struct{})
	go func() {
		defer close(done)
		returned = Started(r, what, c, err) == c
	}()
	<-done
	for _, f := range slices.Backward(r.cleanups) {
		f()
	}
	return r, returned
}

// TestStarted: a start error fails the test as "what: err" and closes
// nothing; a process that started is closed once when the test ends, and
// a Close error fails the test.
func TestStarted(t *testing.T) {
	c := &closer{}
	if r, ok := run("Start(serve)", c, errors.New("no such file")); ok || c.closed != 0 ||
		!slices.Equal(r.failures, []string{"Start(serve): no such file"}) {
		t.Errorf("a failed start: returned %v, closed %d times, reported %q; want a fatal \"Start(serve): no such file\" and no close",
			ok, c.closed, r.failures)
	}
	c = &closer{}
	if r, ok := run("Start(serve)", c, nil); !ok || c.closed != 1 || len(r.failures) != 0 {
		t.Errorf("a clean start and close: returned %v, closed %d times, reported %q; want c returned, closed once, nothing reported",
			ok, c.closed, r.failures)
	}
	c = &closer{err: errors.New("exit status 3")}
	if r, ok := run("Start(serve)", c, nil); !ok || c.closed != 1 || !slices.Equal(r.failures, []string{"Close: exit status 3"}) {
		t.Errorf("an unclean close: returned %v, closed %d times, reported %q; want \"Close: exit status 3\"",
			ok, c.closed, r.failures)
	}
}
