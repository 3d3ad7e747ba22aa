// Package proctest holds what the tests that run processes share: the
// test binary re-executed as a fake oracle or server (Main, Self), a
// process a test started, closed cleanly when the test ends (Started), and what
// the tests of the guard's process supervision (targets/guard,
// cmd/canonfuzz) wait for: a file a test server writes line by line, and
// the end of the processes it names. Every wait has a long deadline that
// only detects a hang; nothing here asserts a speed.
package proctest

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Deadline is how long a wait lasts before the test fails as hung.
const Deadline = 20 * time.Second

// WaitLines waits until path holds at least n whitespace-separated fields
// and returns them.
func WaitLines(t testing.TB, path string, n int) []string {
	t.Helper()
	deadline := time.Now().Add(Deadline)
	for {
		b, err := os.ReadFile(path)
		if f := strings.Fields(string(b)); err == nil && len(f) >= n {
			return f
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not %d lines in %v (%q, %v)", path, n, Deadline, b, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// AssertGone fails the test if a process whose pid is a line of pidfile is
// still running after Deadline (a zombie waiting for its reaper has
// ended). SIGKILL is delivered asynchronously, so a process killed a moment
// ago may still be running: this waits rather than looks once.
func AssertGone(t testing.TB, pidfile string) {
	t.Helper()
	deadline := time.Now().Add(Deadline)
	for _, f := range WaitLines(t, pidfile, 1) {
		pid, _ := strconv.Atoi(f)
		for {
			stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if i := bytes.LastIndexByte(stat, ')'); err != nil || (i > 0 && i+2 < len(stat) && stat[i+2] == 'Z') {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("process %d of the server's group outlived the guard: %s", pid, stat)
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
