package campaign

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Config says what a campaign runs and where it keeps its state.
type Config struct {
	Root     string        // the module root
	Patterns []string      // packages to search for targets; default ./targets/... ./fuzz/...
	Targets  []string      // fuzz target or short package names; empty means all
	Time     time.Duration // fuzzing time per target
	Grace    time.Duration // past Time, how long a target may take before it counts as hung
	Parallel int           // targets fuzzed at once
	Workers  int           // fuzzing workers per target (-test.parallel); 0 shares the CPUs
	Workdir  string        // binaries, corpus (kept between campaigns) and logs
	Out      string        // campaign.json, campaign.md, copies of failing inputs
	Progress io.Writer     // a line per progress report; nil is quiet
	Minimize Minimizer     // nil leaves failures unminimized
}

// Minimizer turns a failing input into a regression vector. New reports a
// signature not seen before; a known signature only adds to its vector's count.
type Minimizer interface {
	Minimize(ctx context.Context, t Target, input []byte, source string) (Vector, error)
}

// Vector is what a Minimizer made of one failing input.
type Vector struct {
	Path      string `json:"path"`
	Signature string `json:"signature"`
	New       bool   `json:"new"`
}

// The statuses of a target's run.
const (
	StatusOK      = "ok"      // fuzzed for its time, found nothing
	StatusFailed  = "failed"  // the engine reported a failing input
	StatusHung    = "hung"    // killed at the deadline
	StatusCrashed = "crashed" // exited abnormally without a failing input
)

// Result is one target's run.
type Result struct {
	Target         string    `json:"target"`
	Package        string    `json:"package"`
	Status         string    `json:"status"`
	Seconds        float64   `json:"seconds"`
	Execs          int64     `json:"execs"`
	ExecsPerSecond float64   `json:"execs_per_second"`
	NewInteresting int       `json:"new_interesting"`
	CorpusTotal    int       `json:"corpus_total"`
	Failures       []Failure `json:"failures,omitempty"`
	Log            string    `json:"log"`
	Detail         string    `json:"detail,omitempty"`
}

// Failure is one failing input a target reported.
type Failure struct {
	Input   string  `json:"input"`             // the engine's file, as Go's replay finds it
	Copy    string  `json:"copy,omitempty"`    // its copy under Out
	Message string  `json:"message,omitempty"` // the first lines of the failure
	Vector  *Vector `json:"vector,omitempty"`
	New     bool    `json:"new"`
	Error   string  `json:"minimize_error,omitempty"`
}

// Run fuzzes the selected targets and writes the reports. The error is for a
// campaign that could not run at all; failing targets are in the Report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.defaults()
	for _, dir := range []string{cfg.Workdir, cfg.Out} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("campaign: %w", err)
		}
	}
	all, binaries, err := Discover(ctx, cfg.Root, filepath.Join(cfg.Workdir, "bin"), cfg.Patterns)
	if err != nil {
		return nil, err
	}
	targets, err := Select(all, cfg.Targets)
	if err != nil {
		return nil, err
	}
	if len(targets) == 0 {
		return nil, errors.New("campaign: no fuzz targets found")
	}
	rep := &Report{Started: time.Now().UTC(), PerTarget: cfg.Time.String(), Parallel: cfg.Parallel, Workers: cfg.Workers,
		GoVersion: runtime.Version(), CPUs: runtime.NumCPU()}
	results := make([]Result, len(targets))
	sem := make(chan struct{}, cfg.Parallel)
	var wg sync.WaitGroup
	for k, t := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[k] = runTarget(ctx, cfg, t, binaries[t.Package])
		}()
	}
	wg.Wait()
	rep.Results = results
	rep.Seconds = time.Since(rep.Started).Seconds()
	if err := rep.write(cfg.Out); err != nil {
		return rep, err
	}
	return rep, nil
}

func (cfg *Config) defaults() {
	if len(cfg.Patterns) == 0 {
		cfg.Patterns = []string{"./targets/...", "./fuzz/..."}
	}
	if cfg.Time <= 0 {
		cfg.Time = 20 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 2*time.Minute + cfg.Time/2
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 1
	}
	if cfg.Workers <= 0 {
		cfg.Workers = max(1, runtime.NumCPU()/cfg.Parallel)
	}
	if cfg.Workdir == "" {
		cfg.Workdir = filepath.Join(cfg.Root, "work", "campaign")
	}
	if cfg.Out == "" {
		cfg.Out = cfg.Workdir
	}
}

// runTarget fuzzes one target in its own process group, so that the engine's
// workers die with it at the deadline.
func runTarget(ctx context.Context, cfg Config, t Target, exe string) Result {
	res := Result{Target: t.Name, Package: t.Package, Status: StatusOK,
		Log: filepath.Join(cfg.Workdir, "logs", t.Name+".log")}
	if err := os.MkdirAll(filepath.Dir(res.Log), 0o755); err != nil {
		return res.crashed(err)
	}
	logFile, err := os.Create(res.Log)
	if err != nil {
		return res.crashed(err)
	}
	defer logFile.Close()
	corpus := filepath.Join(cfg.Workdir, "corpus", strings.ReplaceAll(t.Package, "/", "_"))
	if corpus, err = filepath.Abs(corpus); err != nil {
		return res.crashed(err)
	}
	dctx, cancel := context.WithTimeout(ctx, cfg.Time+cfg.Grace)
	defer cancel()
	cmd := exec.CommandContext(dctx, exe, "-test.run=^$", "-test.fuzz=^"+t.Name+"$",
		"-test.fuzztime="+cfg.Time.String(), "-test.fuzzcachedir="+corpus,
		fmt.Sprintf("-test.parallel=%d", cfg.Workers), "-test.fuzzminimizetime="+minimizeTime(cfg.Time).String())
	cmd.Dir = t.Dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return res.crashed(err)
	}
	cmd.Stderr = cmd.Stdout
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res.crashed(err)
	}
	var inputs, message []string
	sc := bufio.NewScanner(pipe)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(logFile, line)
		if p, ok := parseProgress(line); ok {
			res.Execs, res.NewInteresting, res.CorpusTotal = p.Execs, p.NewInteresting, p.CorpusTotal
			if cfg.Progress != nil {
				fmt.Fprintf(cfg.Progress, "%-40s %8s %12d execs %9.0f/s  corpus +%d (%d)\n", t.Name,
					p.Elapsed, p.Execs, float64(p.Execs)/max(p.Elapsed.Seconds(), 1), p.NewInteresting, p.CorpusTotal)
			}
		} else if in, ok := parseFailingInput(line); ok {
			inputs = append(inputs, in)
		} else if strings.HasPrefix(strings.TrimSpace(line), "--- FAIL") || len(message) > 0 && len(message) < 12 {
			message = append(message, strings.TrimSpace(line))
		}
	}
	waitErr := cmd.Wait()
	res.Seconds = time.Since(start).Seconds()
	if res.Seconds > 0 {
		res.ExecsPerSecond = float64(res.Execs) / min(res.Seconds, cfg.Time.Seconds()+1)
	}
	switch {
	case dctx.Err() != nil && ctx.Err() == nil:
		res.Status = StatusHung
		res.Detail = fmt.Sprintf("still running %s after its %s budget; killed", cfg.Grace, cfg.Time)
	case len(inputs) > 0:
		res.Status = StatusFailed
		for _, in := range inputs {
			res.Failures = append(res.Failures, collectFailure(ctx, cfg, t, in, strings.Join(message, "\n")))
		}
	case len(message) > 0:
		// A failure on a seed, or a worker the engine found hung: the
		// input is already in the seed corpus, so none was written.
		res.Status = StatusFailed
		res.Failures = []Failure{{Message: strings.Join(message, "\n"), New: true}}
	case waitErr != nil:
		res.Status = StatusCrashed
		res.Detail = waitErr.Error()
	}
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, "%-40s %s: %d execs in %.0fs, corpus +%d, %d failures\n",
			t.Name, res.Status, res.Execs, res.Seconds, res.NewInteresting, len(res.Failures))
	}
	return res
}

// minimizeTime is how long the engine may shrink each new interesting input:
// a tenth of the budget, from 1 s to 10 s. Go's default of a minute leaves a
// short campaign doing nothing else.
func minimizeTime(budget time.Duration) time.Duration {
	return min(max(budget/10, time.Second), 10*time.Second)
}

func (r Result) crashed(err error) Result {
	r.Status = StatusCrashed
	r.Detail = err.Error()
	return r
}

// collectFailure copies a failing input to Out and hands it to the minimizer.
func collectFailure(ctx context.Context, cfg Config, t Target, input, message string) Failure {
	f := Failure{Input: filepath.Join(t.Dir, input), Message: message, New: true}
	data, err := os.ReadFile(f.Input)
	if err != nil {
		f.Error = err.Error()
		return f
	}
	f.Copy = filepath.Join(cfg.Out, "failures", t.Name, filepath.Base(input))
	if err := os.MkdirAll(filepath.Dir(f.Copy), 0o755); err == nil {
		_ = os.WriteFile(f.Copy, data, 0o644)
	}
	if cfg.Minimize != nil {
		v, err := cfg.Minimize.Minimize(ctx, t, data, f.Input)
		if err != nil {
			f.Error = err.Error()
		} else {
			f.Vector, f.New = &v, v.New
		}
	}
	return f
}
