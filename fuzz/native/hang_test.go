package native

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fixtureEnv runs FuzzHangFixture's loop; unset, the fixture's input
// returns at once, so that `go test` on this package passes.
const fixtureEnv = "CANONFUZZ_HANG_FIXTURE"

// TestWatchdogReportsAHang: a native fuzz run whose target loops on an
// input ends, long before its budget, in a failure of the engine that
// writes the input ("fuzzing process hung or terminated unexpectedly"),
// and the input replayed with InputLimitEnv set ends with HangMarker.
// Go's engine reports a worker that has not answered for 10 s too, so
// the fuzz run alone cannot tell the watchdog is there: the replay can,
// which without it would loop until its two minutes are up. The
// fixture is built only with the tag hangfixture, so that no campaign
// discovers it.
func TestWatchdogReportsAHang(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fuzzes a test binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "native.test")
	if out, err := exec.Command("go", "test", "-c", "-fuzz=.", "-tags=hangfixture", "-vet=off", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	run := func(env []string, args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), append(env, fixtureEnv+"=1")...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	start := time.Now()
	out, err := run([]string{InputLimitEnv + "=1s"}, "-test.run=^$", "-test.fuzz=^FuzzHangFixture$",
		"-test.fuzztime=60s", "-test.parallel=1", "-test.fuzzcachedir="+filepath.Join(dir, "cache"))
	took := time.Since(start)
	if err == nil {
		t.Fatalf("the fuzz run passed in %s:\n%s", took, out)
	}
	if !strings.Contains(out, "hung or terminated unexpectedly") {
		t.Fatalf("after %s, not the engine's report of a hung worker:\n%s", took, out)
	}
	inputs, _ := filepath.Glob(filepath.Join(dir, "testdata", "fuzz", "FuzzHangFixture", "*"))
	if len(inputs) != 1 {
		t.Fatalf("the engine wrote %d inputs, want 1:\n%s", len(inputs), out)
	}
	out, err = run([]string{InputLimitEnv + "=1s"}, "-test.run=^FuzzHangFixture/"+filepath.Base(inputs[0])+"$")
	if err == nil || !strings.Contains(out, HangMarker) {
		t.Errorf("the replay of %s (%v) does not end with %q:\n%s", inputs[0], err, HangMarker, out)
	}
}

// TestInputLimit: the limit from the environment wins; fuzzing without
// it takes a quarter of the budget between 1 s and 10 s; neither is no
// limit.
func TestInputLimit(t *testing.T) {
	for _, c := range []struct {
		env, fuzz, fuzztime string
		want                time.Duration
	}{
		{"3s", "", "", 3 * time.Second},
		{"3s", "^FuzzX$", "10s", 3 * time.Second},
		{"", "", "10s", 0},
		{"", "^FuzzX$", "10s", 2500 * time.Millisecond},
		{"", "^FuzzX$", "2s", time.Second},
		{"", "^FuzzX$", "10m", 10 * time.Second},
		{"", "^FuzzX$", "1000x", 10 * time.Second},
	} {
		if got := inputLimit(c.env, c.fuzz, c.fuzztime); got != c.want {
			t.Errorf("inputLimit(%q, %q, %q) = %s, want %s", c.env, c.fuzz, c.fuzztime, got, c.want)
		}
	}
}

// BenchmarkGuardInput is the watchdog's cost an input, armed (two clock
// reads and two atomic stores), against an execution of a fuzz target,
// which takes microseconds at the least.
func BenchmarkGuardInput(b *testing.B) {
	watchdog.once.Do(func() {})
	watchdog.limit = time.Hour
	defer func() { watchdog.limit = 0 }()
	n := 0
	for b.Loop() {
		guardInput(func() { n++ })
	}
	if n == 0 {
		b.Fatal("the input did not run")
	}
}
