package fuzzscore

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
	"github.com/canonfuzz/canonfuzz/mutation"
)

// replayed is one replay of a failing input.
type replayed struct {
	failed   bool
	timedOut bool          // ran past limit, or past the watchdog's per-input limit (native.HangMarker)
	took     time.Duration // the replay's wall time
	limit    time.Duration // the bound it ran within
	out      string
	err      error // the replay could not run, or did not run the input
}

// replay runs the fuzz target of exe on one input, as a file of its
// testdata/fuzz corpus in a scratch dir (-test.run=^FuzzX$/^name$), with
// mutant num on (0: the unmutated build) and the seeds withheld; it
// checks from the verbose output that the input itself ran.
func replay(ctx context.Context, exe, target, input, dir string, num int, limit time.Duration) replayed {
	name := filepath.Base(input)
	corpus := filepath.Join(dir, "testdata", "fuzz", target)
	if err := os.MkdirAll(corpus, 0o755); err != nil {
		return replayed{err: err}
	}
	data, err := os.ReadFile(input)
	if err != nil {
		return replayed{err: err}
	}
	if err := os.WriteFile(filepath.Join(corpus, name), data, 0o644); err != nil {
		return replayed{err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^"+target+"$/^"+regexp.QuoteMeta(name)+"$", "-test.v", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), seedsEnv, mutation.EnvMutant+"="+strconv.Itoa(num), native.InputLimitEnv+"="+inputLimit(limit).String())
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	runErr := cmd.Run()
	r := replayed{failed: runErr != nil, timedOut: ctx.Err() != nil || strings.Contains(out.String(), native.HangMarker), took: time.Since(start), limit: limit, out: tail(out.String(), 2000)}
	if !r.timedOut && !strings.Contains(out.String(), target+"/"+name) {
		r.err = fmt.Errorf("%s did not run %s/%s (%v):\n%s", filepath.Base(exe), target, name, runErr, r.out)
	}
	return r
}

// inputLimit is the per-input limit of the watchdog a replay runs under
// (native.InputLimitEnv): half the replay's own, so that a hang ends as
// the watchdog's, with every goroutine's stack in the output, before the
// replay is killed.
func inputLimit(replay time.Duration) time.Duration {
	return max(replay/2, time.Second)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
