package campaign

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/internal/progress"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// The engines a campaign runs.
const (
	EngineNative    = "native"    // Go's fuzzing engine on the native targets (go test -fuzz)
	EngineGoFuzz    = "gofuzz"    // go-fuzz on the entry points of fuzz/gofuzz (scripts/gofuzz-cluster.sh)
	EngineLibFuzzer = "libfuzzer" // libFuzzer builds of the same entry points (scripts/libfuzzer-build.sh)
)

// The seed modes of a native campaign.
const (
	SeedsCommitted = "committed" // the catalogue's seeds (f.Add) and the package's testdata/fuzz
	SeedsWithheld  = "withheld"  // none: the engine starts from an empty corpus (Scratch implied)
)

// Config says what a campaign runs and where it keeps its state.
type Config struct {
	Root     string        // the module root
	Engine   string        // EngineNative (the default), EngineGoFuzz or EngineLibFuzzer
	Patterns []string      // native: packages to search for targets; default ./targets/... ./fuzz/...
	Targets  []string      // fuzz target or short package names; empty means all
	Registry []Job         // native: the fuzz targets there are; nil: every target of fuzz/spec's registry (Registry)
	Time     time.Duration // fuzzing time per target
	Grace    time.Duration // past Time, how long a target may take before it counts as hung
	Parallel int           // targets fuzzed at once
	Workers  int           // fuzzing workers per target (-test.parallel); 0 shares the CPUs
	Workdir  string        // binaries, corpus (kept between campaigns) and logs
	Out      string        // campaign.json, campaign.md, campaign.sarif, copies of failing inputs
	Progress io.Writer     // a line per progress report; nil is quiet
	// Now is the clock of the progress lines (target k of N, elapsed, an
	// estimate of the time left); nil is time.Now.
	Now      func() time.Time
	Minimize Minimizer // nil leaves failures unminimized

	// Tags are build tags of the native test binaries (the efficacy
	// benchmark builds them with "planted"); Env is added to the
	// environment of every fuzzing process.
	Tags []string
	Env  []string
	// Seeds is SeedsCommitted (the default) or SeedsWithheld. Scratch runs
	// each native target in its own directory under Workdir, with a copy
	// of its package's testdata/fuzz/FuzzX (none when seeds are withheld)
	// and a fresh corpus cache, so that nothing is written into the
	// package and no earlier run helps: a measurement, not a campaign
	// that resumes.
	Seeds   string
	Scratch bool
	// SeedValues gives the values a target adds in code with f.Add, in
	// order, so that a failure the engine reports on seed#N keeps its
	// input; nil means the catalogue (spec.SeedsOf).
	SeedValues func(t Job) ([]seeds.Seed, error)

	// Engines other than native: From takes the crashers (go-fuzz) or
	// crash files (libFuzzer) of an earlier run, such as a go-fuzz
	// cluster's workdir or ClusterFuzzLite's artifacts, instead of running
	// the engine; Bin is the folder of the libFuzzer binaries
	// (default Workdir/libfuzzer); EngineSeed is libFuzzer's -seed (0:
	// libFuzzer picks one).
	From       string
	Bin        string
	EngineSeed int64
	// Dict is libFuzzer's dictionary: "" the binary's own ENTRY.dict
	// beside it when there is one (scripts/libfuzzer-build.sh writes
	// campaign/json.dict there), "none" none, else a path.
	Dict string

	// Discovered, when set, is what Discover found and built before (with
	// the same Tags), so that a caller running many campaigns on one
	// build, such as the efficacy benchmark, builds once.
	Discovered *Discovery
}

// Discovery is the native targets Discover found and the test binary of
// each target's package.
type Discovery struct {
	Targets  []Job
	Binaries map[string]string // by package import path
}

// Minimizer turns a failing input into a regression vector. New reports a
// signature not seen before; a known signature only adds to its vector's
// count. It gets the failing bytes themselves, never a path to read again.
type Minimizer interface {
	Minimize(ctx context.Context, t Job, in findings.Input) (Vector, error)
}

// Vector is what a Minimizer made of one failing input.
type Vector struct {
	Path      string `json:"path"`
	Signature string `json:"signature"`
	New       bool   `json:"new"`
	// Bytes is the size of the minimized payload; Kept reports that the
	// minimized input, read back from its payload and replayed, signs as
	// the input did before minimizing (Before).
	Bytes  int    `json:"minimized_bytes"`
	Before string `json:"signature_before,omitempty"`
	Kept   bool   `json:"signature_kept"`
	// Document is the vector of the document (the JSON value, call or
	// message) a generator target made of the minimized bytes, reduced on
	// its own, with its size; empty for a target without one.
	Document      string `json:"document,omitempty"`
	DocumentBytes int    `json:"document_bytes,omitempty"`
}

// The statuses of a target's run.
const (
	StatusOK      = "ok"      // fuzzed for its time, found nothing
	StatusFailed  = "failed"  // the engine reported a failing input, which every Failure holds
	StatusHung    = "hung"    // killed at the deadline, or its executions stood still up to the end of its budget (engineReport.hung)
	StatusOverran = "overran" // the engine stopped on its own budget (context deadline exceeded) without a failing input
	StatusCrashed = "crashed" // exited abnormally without a failing input
	// StatusUnread: the campaign could not read or write what the target
	// needs (a crasher folder or file, the libFuzzer binary, its log or
	// scratch folder): an I/O error, never a finding. Run returns ErrIO.
	StatusUnread = "unread"
)

// ErrIO is matched by the error of Run when a target could not run because
// the campaign could not read or write what it needs (--from, --bin,
// --workdir, a crasher file): the campaign did not run, it found nothing.
var ErrIO = errors.New("campaign: an input could not be read or an output written")

// Result is one target's run.
type Result struct {
	Target         string    `json:"target"`
	Package        string    `json:"package"`
	Engine         string    `json:"engine"`
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

// Run fuzzes the selected targets and writes the reports. The error is for a
// campaign that could not run at all; failing targets are in the Report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	for _, dir := range []string{cfg.Workdir, cfg.Out} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrIO, err)
		}
	}
	var (
		targets []Job
		run     func(ctx context.Context, cfg Config, t Job) Result
	)
	switch cfg.Engine {
	case EngineNative:
		d := cfg.Discovered
		if d == nil {
			all, binaries, err := Discover(ctx, cfg.Root, filepath.Join(cfg.Workdir, "bin"), cfg.Patterns, cfg.Tags, cfg.Registry)
			if err != nil {
				return nil, err
			}
			d = &Discovery{Targets: all, Binaries: binaries}
		}
		all, binaries := d.Targets, d.Binaries
		var err error
		if targets, err = Select(all, cfg.Targets); err != nil {
			return nil, err
		}
		run = func(ctx context.Context, cfg Config, t Job) Result {
			return runNative(ctx, cfg, t, binaries[t.Package])
		}
	default:
		var err error
		if targets, err = entryPoints(cfg); err != nil {
			return nil, err
		}
		run = runEntryPoint
	}
	if len(targets) == 0 {
		return nil, errors.New("campaign: no fuzz targets found")
	}
	rep := &Report{Started: time.Now().UTC(), Engine: cfg.Engine, Seeds: cfg.Seeds, PerTarget: cfg.Time.String(),
		Parallel: cfg.Parallel, Workers: cfg.Workers, GoVersion: runtime.Version(), CPUs: runtime.NumCPU()}
	results := make([]Result, len(targets))
	sem := make(chan struct{}, cfg.Parallel)
	var wg sync.WaitGroup
	meter := progress.Start(len(targets), cfg.Now)
	for k, t := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			cfg.progressf("campaign: target %s: %s (%s, %s)", meter.Begin(k+1), t.Name, cfg.Engine, cfg.Time)
			results[k] = run(ctx, cfg, t)
			cfg.progressf("campaign: %s %s; %s", t.Name, results[k].Status, meter.Done())
		}()
	}
	wg.Wait()
	var unread []error
	for _, r := range results {
		if r.Status == StatusUnread {
			unread = append(unread, fmt.Errorf("%s: %s", r.Target, strings.TrimPrefix(r.Detail, "campaign: ")))
		}
	}
	if len(unread) > 0 {
		return nil, fmt.Errorf("%w: %w", ErrIO, errors.Join(unread...))
	}
	rep.Results = results
	rep.Seconds = time.Since(rep.Started).Seconds()
	if err := rep.write(cfg, targets); err != nil {
		return rep, err
	}
	return rep, nil
}

func (cfg *Config) defaults() error {
	switch cfg.Engine {
	case "":
		cfg.Engine = EngineNative
	case EngineNative, EngineGoFuzz, EngineLibFuzzer:
	default:
		return fmt.Errorf("campaign: no engine %q (native, gofuzz, libfuzzer)", cfg.Engine)
	}
	switch cfg.Seeds {
	case "":
		cfg.Seeds = SeedsCommitted
	case SeedsCommitted:
	case SeedsWithheld:
		cfg.Scratch = true
	default:
		return fmt.Errorf("campaign: no seed mode %q (committed, withheld)", cfg.Seeds)
	}
	if cfg.Seeds == SeedsWithheld && cfg.Engine == EngineGoFuzz {
		return errors.New("campaign: seeds cannot be withheld from go-fuzz (scripts/gofuzz-cluster.sh adds them)")
	}
	if cfg.Registry == nil {
		cfg.Registry = Registry()
	}
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
	if cfg.Bin == "" {
		cfg.Bin = filepath.Join(cfg.Workdir, "libfuzzer")
	}
	return cfg.checkInputs()
}

// checkInputs refuses, before anything runs, a folder the engine reads
// that cannot be read: --from (the crashers), or the libFuzzer binaries of
// --bin when the engine runs.
func (cfg *Config) checkInputs() error {
	dir, what := "", ""
	switch {
	case cfg.From != "" && cfg.Engine != EngineNative:
		dir, what = cfg.From, "the crashers' folder"
	case cfg.From != "":
		return errors.New("campaign: the native engine takes no crashers folder (From)")
	case cfg.Engine == EngineLibFuzzer:
		dir, what = cfg.Bin, "the libFuzzer binaries' folder (make libfuzzer)"
	default:
		return nil
	}
	if _, err := os.ReadDir(dir); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrIO, what, err)
	}
	return nil
}

// minimizeTime is how long the engine may shrink each new interesting input:
// a tenth of the budget, from 1 s to 10 s. Go's default of a minute leaves a
// short campaign doing nothing else.
func minimizeTime(budget time.Duration) time.Duration {
	return min(max(budget/10, time.Second), 10*time.Second)
}

// progressf writes one progress line, if progress is wanted.
func (cfg *Config) progressf(format string, a ...any) {
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, format+"\n", a...)
	}
}

// unread is a target that did not run for an I/O error (StatusUnread).
func (r Result) unread(err error) Result {
	r.Status = StatusUnread
	r.Detail = err.Error()
	return r
}
