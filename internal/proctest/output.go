package proctest

import (
	"bytes"
	"sync"
)

// Output collects what a process or a proxy under test writes, from its
// own goroutine, while the test reads it: a bytes.Buffer behind a mutex
// (an exec.Cmd's Stdout, a guard's log or client stream). The zero value
// is empty and ready.
type Output struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p; it never fails.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

// String is everything written so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}
