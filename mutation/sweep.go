package mutation

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sync"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/progress"
)

// The statuses of mutation-testing-report-schema.
const (
	Killed       = "Killed"
	Survived     = "Survived"
	NoCoverage   = "NoCoverage"
	Timeout      = "Timeout"
	CompileError = "CompileError"
	Ignored      = "Ignored"
)

// Result is what became of one mutant.
type Result struct {
	Mutant         *Mutant
	Status         string
	Reason         string
	KilledBy       []string // test ids
	CoveredBy      []string
	Duration       time.Duration
	TestsCompleted int
}

// Options configure a sweep.
type Options struct {
	Work    string        // scratch directory: overlays, binaries, the coverage cache
	Workers int           // mutants run at once
	Floor   time.Duration // the least time a run of tests gets before it is a Timeout
	Factor  float64       // a run's limit is Floor + Factor * its baseline
	Quick   bool          // one mutant of every refusal kind, the targets' own tests only
	Shard   int           // 1-based; 0 is every mutant
	Shards  int
	// Sample, when positive, keeps that many mutants drawn with SampleSeed
	// from those that type-check and are not reviewed equivalents, before
	// the shard is taken; Only, when set, keeps the mutants whose id it
	// matches, first of all.
	Sample     int
	SampleSeed int64
	Only       *regexp.Regexp
	// FuzzPackages limits the test binaries to the targets' own packages
	// and the packages that declare fuzz targets (the fuzz score's sweep).
	FuzzPackages bool
	Equivalent   []Equivalent
	Log          io.Writer
	// Now is the clock of the progress lines (mutant k of N, elapsed, an
	// estimate of the time left); nil is time.Now.
	Now func() time.Time
}

// Sweep is one run of the plan.
type Sweep struct {
	Plan     *Plan
	Opts     Options
	Binaries []*Binary
	Results  []*Result
	Stale    []Equivalent // entries of the list that match no mutant
	Overlay  string       // the schema overlay the binaries were built with
	Timing   struct{ Setup, Coverage, Mutation time.Duration }
	covered  map[string][]*Test // binary path -> tests, per mutant lookup
	logMu    sync.Mutex         // one line at a time from the workers
}

// finished logs a mutant's status with the sweep's progress: how many of
// the selected mutants are done, the time the mutants have taken and an
// estimate of the time left.
func (s *Sweep) finished(m *progress.Meter, r *Result) {
	s.logf("mutation: %-12s %5.1fs %s; %s", r.Status, r.Duration.Seconds(), r.Mutant.ID, m.Done())
}

func (s *Sweep) logf(format string, args ...any) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	if s.Opts.Log != nil {
		fmt.Fprintf(s.Opts.Log, format+"\n", args...)
	}
}

// Run builds the schema, the test binaries and the coverage map, and runs
// the selected mutants.
func (p *Plan) Run(opts Options) (*Sweep, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Sweep{Plan: p, Opts: opts}
	start := time.Now()
	if err := p.Judge(); err != nil {
		return nil, err
	}
	selected := p.Select(opts)
	s.logf("mutation: %d sites, %d mutants, %d selected", len(p.Sites), len(p.Mutants), len(selected))
	if err := s.build(); err != nil {
		return nil, err
	}
	s.Timing.Setup = time.Since(start)
	start = time.Now()
	if err := s.cover(); err != nil {
		return nil, err
	}
	s.Timing.Coverage = time.Since(start)
	start = time.Now()
	s.runSelected(selected)
	s.Timing.Mutation = time.Since(start)
	s.Stale = staleEquivalents(opts.Equivalent, p.Mutants, p.Mod.Targets)
	return s, nil
}

// timing is Floor and Factor, a zero one replaced by its default: 15 s
// and 4.
func (opts Options) timing() (floor time.Duration, factor float64) {
	floor, factor = opts.Floor, opts.Factor
	if floor == 0 {
		floor = 15 * time.Second
	}
	if factor == 0 {
		factor = 4
	}
	return floor, factor
}

// Limit is how long a run whose baseline (its time on the unmutated
// build) is base may take with a mutant on before the mutant is a
// Timeout: Floor + Factor × base, the sweep's rule for a batch of tests
// and the fuzz score's for the replay of a failing input.
func (opts Options) Limit(base time.Duration) time.Duration {
	floor, factor := opts.timing()
	return floor + time.Duration(factor*float64(base))
}

// withDefaults fills the zero options: two workers, a 15 s floor, a factor
// of 4, the work directory made absolute.
func (opts Options) withDefaults() (Options, error) {
	if opts.Workers <= 0 {
		opts.Workers = 2
	}
	opts.Floor, opts.Factor = opts.timing()
	work, err := filepath.Abs(opts.Work)
	opts.Work = work
	return opts, err
}

// runSelected decides the selected mutants on the sweep's workers, in
// order of the results.
func (s *Sweep) runSelected(selected []*Mutant) {
	s.Results = make([]*Result, len(selected))
	meter := progress.Start(len(selected), s.Opts.Now)
	eachOnWorkers(len(selected), s.Opts.Workers, func(_, i int) {
		r := s.run(selected[i])
		s.Results[i] = r
		s.finished(meter, r)
	})
}

// eachOnWorkers calls do(worker, i) for every i below n on the given
// number of workers, and returns when all are done.
func eachOnWorkers(n, workers int, do func(worker, i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := range next {
				do(w, i)
			}
		}(w)
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
