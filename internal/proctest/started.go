package proctest

import (
	"io"
	"testing"
)

// Started is what a test does with a process it has just started (an
// oracle, a fake server): it fails the test, as "what: err", if the start
// failed, and otherwise closes c when the test ends, failing it if Close
// reports an error (a process that did not end cleanly). It returns c.
func Started[C io.Closer](t testing.TB, what string, c C, err error) C {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}
