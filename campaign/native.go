package campaign

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
)

// engineReport is what one native target's output said, line by line.
type engineReport struct {
	last      Progress      // the latest progress line
	lastAt    time.Duration // when it came, from the start
	still     Progress      // the first progress line that showed last's executions
	failAt    time.Duration // the first sign of a failure, from the start; 0 for none
	failExecs int64         // executions at failAt, extrapolated from the progress line before it
	inputs    []string      // failing inputs the engine wrote, relative to its directory
	seedFails []string      // seed corpus entries that failed: "seed#N" or a testdata file name
	message   []string      // the first lines from --- FAIL on
	deadline  bool          // the engine said "context deadline exceeded"
}

// line takes one line of the engine's output, at elapsed from the start.
func (r *engineReport) line(line string, elapsed time.Duration) {
	trimmed := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(trimmed, "--- FAIL"), strings.HasPrefix(trimmed, "fuzz: minimizing"):
		r.failed(elapsed)
	}
	if p, ok := parseProgress(line); ok {
		if p.Execs != r.last.Execs {
			r.still = p
		}
		r.last, r.lastAt = p, elapsed
	} else if in, ok := parseFailingInput(line); ok {
		r.inputs = append(r.inputs, in)
	} else if entry, ok := parseSeedFailure(line); ok {
		r.failed(elapsed)
		r.seedFails = append(r.seedFails, entry)
	}
	if strings.Contains(line, "context deadline exceeded") {
		r.deadline = true
	}
	if strings.HasPrefix(trimmed, "--- FAIL") || len(r.message) > 0 && len(r.message) < 12 {
		r.message = append(r.message, trimmed)
	}
}

// failed notes the first sign of a failure.
func (r *engineReport) failed(elapsed time.Duration) {
	if r.failAt != 0 {
		return
	}
	r.failAt = max(elapsed, time.Nanosecond)
	r.failExecs = r.last.Execs
	if r.last.Elapsed > 0 && elapsed > r.lastAt {
		rate := float64(r.last.Execs) / r.last.Elapsed.Seconds()
		r.failExecs += int64(rate * (elapsed - r.lastAt).Seconds())
	}
}

// withoutInput is the status of a run that named no failing input, fuzzed
// for budget: a target that hung on an input (hung) is StatusHung; an
// engine that says its context's deadline passed overran its budget (a
// loaded machine, a slow start), which is no failure; a target that
// failed before it fuzzed (its oracles did not start, a seed did not
// fit) or an engine that died crashed; anything else is ok. Never
// StatusFailed: a failure always holds its input.
func (r *engineReport) withoutInput(waitErr error, budget time.Duration) string {
	if hung, _ := r.hung(budget); hung {
		return StatusHung
	}
	switch {
	case r.deadline:
		return StatusOverran
	case waitErr != nil || len(r.message) > 0:
		return StatusCrashed
	}
	return StatusOK
}

// hangQuiet is how long the engine's execution count may stand still
// before the run is a hang, for a budget: two of the engine's 3 s
// progress intervals, or twice the time it may spend minimizing a new
// input (-test.fuzzminimizetime, during which its count stands still by
// design), whichever is longer. A healthy worker reports its count after
// every call of about 100 ms; at load 12 on 2 CPUs a fresh-cache
// FuzzMeetExact, minimizing nearly every input as new, still counted 3
// executions in 4 s.
func hangQuiet(budget time.Duration) time.Duration {
	return max(6*time.Second, 2*minimizeTime(budget))
}

// hung reports whether the target hung on an input the engine did not
// name, with what showed it: its execution count stood still for
// hangQuiet(budget) up to its last progress line or its budget, whichever
// came first (after the budget the engine counts nothing). Go's engine
// calls an input a hang only after 10 s of it (the worker's "deadlocked!"
// timer), so within a short budget it never does: at its deadline it
// stops the hung worker and reports PASS. How late the engine ends is no
// sign: it kills a worker that has not stopped 2 s after the deadline
// (internal/fuzz's workerTimeoutDuration, twice), but at load 22 on 2 CPUs
// an empty fuzz function's run ended 2 s late too.
func (r *engineReport) hung(budget time.Duration) (bool, string) {
	still := min(r.last.Elapsed, budget) - r.still.Elapsed
	if still < hangQuiet(budget) {
		return false, ""
	}
	return true, fmt.Sprintf("its executions stood at %d from %s to %s (%s budget)", r.last.Execs, r.still.Elapsed, min(r.last.Elapsed, budget), budget)
}

// runNative fuzzes one native target in its own process group, so that the
// engine's workers die with it at the deadline.
func runNative(ctx context.Context, cfg Config, t Job, exe string) Result {
	res := Result{Target: t.Name, Package: t.Package, Engine: EngineNative, Status: StatusOK,
		Log: filepath.Join(cfg.Workdir, "logs", t.Name+".log")}
	if err := os.MkdirAll(filepath.Dir(res.Log), 0o755); err != nil {
		return res.unread(err)
	}
	logFile, err := os.Create(res.Log)
	if err != nil {
		return res.unread(err)
	}
	defer logFile.Close()
	dir, corpus, err := nativeDirs(cfg, t)
	if err != nil {
		return res.unread(err)
	}
	dctx, cancel := context.WithTimeout(ctx, cfg.Time+cfg.Grace)
	defer cancel()
	cmd := exec.CommandContext(dctx, exe, "-test.run=^$", "-test.fuzz=^"+t.Name+"$",
		"-test.fuzztime="+cfg.Time.String(), "-test.fuzzcachedir="+corpus,
		fmt.Sprintf("-test.parallel=%d", cfg.Workers), "-test.fuzzminimizetime="+minimizeTime(cfg.Time).String())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), cfg.Env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return res.unread(err)
	}
	cmd.Stderr = cmd.Stdout
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res.unread(err)
	}
	var er engineReport
	sc := bufio.NewScanner(pipe)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(logFile, line)
		er.line(line, time.Since(start))
		if p, ok := parseProgress(line); ok && cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "%-40s %8s %12d execs %9.0f/s  corpus +%d (%d)\n", t.Name,
				p.Elapsed, p.Execs, float64(p.Execs)/max(p.Elapsed.Seconds(), 1), p.NewInteresting, p.CorpusTotal)
		}
	}
	waitErr := cmd.Wait()
	res.Seconds = time.Since(start).Seconds()
	res.Execs, res.NewInteresting, res.CorpusTotal = er.last.Execs, er.last.NewInteresting, er.last.CorpusTotal
	if res.Seconds > 0 {
		res.ExecsPerSecond = float64(res.Execs) / min(res.Seconds, cfg.Time.Seconds()+1)
	}
	message := strings.Join(er.message, "\n")
	found := func(by, name string, in findings.Input, err error) {
		f := Failure{By: by, Input: name, Message: message, New: true,
			Seconds: er.failAt.Seconds(), Execs: er.failExecs}
		if err != nil {
			// The engine named an input that cannot be read back: the
			// failure is kept with what is known, never as an input.
			res.Status = StatusCrashed
			res.Detail = fmt.Sprintf("the engine reported a failure on %s, which cannot be read: %v", name, err)
			return
		}
		res.Status = StatusFailed
		res.Failures = append(res.Failures, collect(ctx, cfg, t, f, in))
	}
	switch {
	case dctx.Err() != nil && ctx.Err() == nil:
		res.Status = StatusHung
		res.Detail = fmt.Sprintf("still running %s after its %s budget; killed; the log: %s", cfg.Grace, cfg.Time, res.Log)
	case len(er.inputs) > 0 || len(er.seedFails) > 0:
		for _, in := range er.inputs {
			data, err := readEngineFile(filepath.Join(dir, in))
			found(ByEngine, filepath.Join(dir, in), data, err)
		}
		for _, entry := range er.seedFails {
			in, err := seedInput(cfg, t, dir, entry)
			if n, ok := strings.CutPrefix(entry, "seed#"); ok && er.failExecs == 0 {
				// The replay runs the seeds added in code in order:
				// seed#N is its N+1-th execution.
				if i, err := strconv.Atoi(n); err == nil {
					er.failExecs = int64(i) + 1
				}
			}
			found(BySeed, t.Name+"/"+entry, in, err)
		}
	default:
		res.Status = er.withoutInput(waitErr, cfg.Time)
		switch res.Status {
		case StatusHung:
			_, why := er.hung(cfg.Time)
			res.Detail = "the target hung on an input the engine did not name: " + why + "; the log: " + res.Log
		case StatusOverran:
			res.Detail = fmt.Sprintf("the engine overran its %s budget (context deadline exceeded) and reported no failing input; the log: %s\n\n%s",
				cfg.Time, res.Log, message)
		case StatusCrashed:
			res.Detail = fmt.Sprintf("exited without a failing input (%v); the log: %s\n\n%s", waitErr, res.Log, message)
		}
	}
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, "%-40s %s: %d execs in %.0fs, corpus +%d, %d failures\n",
			t.Name, res.Status, res.Execs, res.Seconds, res.NewInteresting, len(res.Failures))
	}
	return res
}

// nativeDirs gives the directory a native target runs in and its corpus
// cache: the package's own and the corpus kept between campaigns, or with
// Scratch a fresh directory under Workdir holding a copy of the target's
// committed testdata/fuzz/FuzzX (none when seeds are withheld) and a
// fresh cache.
func nativeDirs(cfg Config, t Job) (dir, corpus string, err error) {
	if !cfg.Scratch {
		corpus, err = filepath.Abs(filepath.Join(cfg.Workdir, "corpus", strings.ReplaceAll(t.Package, "/", "_")))
		return t.Dir, corpus, err
	}
	scratch, err := filepath.Abs(filepath.Join(cfg.Workdir, "scratch", t.Name))
	if err != nil {
		return "", "", err
	}
	if err := os.RemoveAll(scratch); err != nil {
		return "", "", err
	}
	corpus = filepath.Join(scratch, "cache")
	if err := os.MkdirAll(corpus, 0o755); err != nil {
		return "", "", err
	}
	if cfg.Seeds == SeedsWithheld {
		return scratch, corpus, nil
	}
	committed := filepath.Join(t.Dir, "testdata", "fuzz", t.Name)
	if _, err := os.Stat(committed); os.IsNotExist(err) {
		return scratch, corpus, nil
	}
	return scratch, corpus, os.CopyFS(filepath.Join(scratch, "testdata", "fuzz", t.Name), os.DirFS(committed))
}
