package fuzzscore

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/internal/progress"
	"github.com/canonfuzz/canonfuzz/mutation"
)

// scorer is one measurement: the sweep whose mutants, schema and coverage
// it uses, and the binaries built with the sweep's schema.
type scorer struct {
	cfg      Config
	sweep    *mutation.Sweep
	schema   *builds
	fuzzPkgs map[string]bool
	alone    alone
	logMu    sync.Mutex
}

// Measure fuzzes every mutant the sweep ran (sw.Results, in order) and
// returns the score, the tests' verdicts taken from the same results.
func Measure(ctx context.Context, sw *mutation.Sweep, cfg Config) (*Score, error) {
	cfg = cfg.withDefaults()
	s := &scorer{cfg: cfg, sweep: sw, fuzzPkgs: fuzzPackages(sw)}
	if len(s.fuzzPkgs) == 0 {
		return nil, fmt.Errorf("fuzzscore: no package of fuzz targets among the sweep's test binaries (sweep with FuzzPackages)")
	}
	sc := &Score{Started: time.Now().UTC(), CPUs: runtime.NumCPU(), Budget: cfg.Budget.Seconds(), TrialsEach: cfg.Trials, Load: loadAverage()}
	var err error
	s.logf("fuzzscore: building the fuzz binaries of %d packages with the schema", len(s.fuzzPkgs))
	if s.schema, err = build(ctx, cfg.Root, sw.Overlay, filepath.Join(cfg.Work, "schema"), s.packages(), s.logf); err != nil {
		return nil, err
	}
	sc.Mutants = make([]*Mutant, len(sw.Results))
	meter := progress.Start(len(sw.Results), cfg.Now)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				sc.Mutants[i] = s.mutant(ctx, sw.Results[i])
				s.logf("fuzzscore: %-12s %s (%d/%d trials; tests: %s); %s", sc.Mutants[i].Status, sc.Mutants[i].ID,
					sc.Mutants[i].Found, cfg.Trials, sc.Mutants[i].TestsStatus, meter.Done())
			}
		}()
	}
	for i := range sw.Results {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sc.Seconds = time.Since(sc.Started).Seconds()
	sc.Load += " .. " + loadAverage()
	sc.tally()
	return sc, nil
}

// packages are the fuzz packages, sorted.
func (s *scorer) packages() []string {
	var out []string
	for p := range s.fuzzPkgs {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// mutant runs every trial of one mutant.
func (s *scorer) mutant(ctx context.Context, r *mutation.Result) *Mutant {
	m := r.Mutant
	out := &Mutant{ID: m.ID, Kind: m.Site.Kind, Operator: m.Operator, File: m.Site.File.Rel, Line: m.Line(),
		TestsStatus: r.Status, TestsKilledBy: r.KilledBy}
	if r.Status == mutation.CompileError || r.Status == mutation.Ignored {
		out.Status, out.Reason = r.Status, r.Reason
		return out
	}
	targets := reaching(s.sweep, s.fuzzPkgs, m)
	for _, t := range targets {
		out.Reaching = append(out.Reaching, t.Name)
	}
	if len(targets) == 0 {
		out.Status, out.Reason = mutation.NoCoverage, "no fuzz target's seed replay reaches the mutation"
		return out
	}
	b, num := s.schema, m.Num
	if !m.Schema {
		var err error
		if b, err = s.alone.get(ctx, s, m, packagesOf(targets)); err != nil {
			out.Status, out.Reason = "RuntimeError", err.Error()
			return out
		}
		num = 0
	}
	for trial := 1; trial <= s.cfg.Trials; trial++ {
		out.Trials = append(out.Trials, s.trial(ctx, m, num, b, targets, trial))
	}
	out.decide()
	return out
}

// trial fuzzes the reaching targets one after another until one kills the
// mutant.
func (s *scorer) trial(ctx context.Context, m *mutation.Mutant, num int, b *builds, targets []campaign.Job, trial int) Trial {
	tr := Trial{Trial: trial}
	start := time.Now()
	for _, t := range targets {
		if ctx.Err() != nil {
			break
		}
		a := s.attempt(ctx, m, num, b, t, trial)
		tr.Attempts = append(tr.Attempts, a)
		s.logf("fuzzscore:   %s trial %d %s: %s %.1fs %d execs %s", m.ID, trial, t.Name, a.Status, a.Seconds, a.Execs, firstLine(a.Detail))
		if a.Status == AttemptKilled {
			tr.Killed, tr.KilledBy, tr.Seconds, tr.Execs = true, t.Name, a.Seconds, a.Execs
			break
		}
	}
	tr.Wall = time.Since(start).Seconds()
	return tr
}

// decide sets the mutant's status from its trials: Killed when a trial
// confirmed a kill; else Timeout when a target hung in a trial (the engine
// stood still past its budget, the campaign killed it at its deadline, or
// the input it named hangs when replayed with the mutant on), as the
// tests' sweep calls a run past its limit: detected, never a kill; else
// Survived when a target judged it; else RuntimeError.
func (m *Mutant) decide() {
	judged := 0
	var seen []string
	for _, tr := range m.Trials {
		if tr.Killed {
			m.Found++
		}
		hung := false
		for _, a := range tr.Attempts {
			if a.Status == AttemptKilled || a.Status == AttemptSurvived || a.Status == AttemptFailsUnmutated ||
				a.Status == AttemptNotReproduced || a.Status == AttemptOverran {
				judged++
			}
			hung = hung || a.Status == AttemptTimeout
			seen = append(seen, a.Target+" "+a.Status)
		}
		if hung && !tr.Killed {
			m.TimedOut++
		}
	}
	switch {
	case m.Found > 0:
		m.Status = mutation.Killed
		m.Reason = fmt.Sprintf("killed in %d of %d trials", m.Found, len(m.Trials))
	case m.TimedOut > 0:
		m.Status = mutation.Timeout
		m.Reason = fmt.Sprintf("a fuzz target hung in %d of %d trials, no confirmed kill: %s", m.TimedOut, len(m.Trials), strings.Join(seen, ", "))
	case judged == 0:
		m.Status = "RuntimeError"
		m.Reason = "no fuzz target could judge it: " + strings.Join(seen, ", ")
	default:
		m.Status = mutation.Survived
		m.Reason = "no confirmed failing input: " + strings.Join(seen, ", ")
	}
}

func (s *scorer) logf(format string, args ...any) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	if s.cfg.Log != nil {
		fmt.Fprintf(s.cfg.Log, format+"\n", args...)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// packagesOf lists the packages of the targets, once each.
func packagesOf(targets []campaign.Job) []string {
	var out []string
	for _, t := range targets {
		if !slices.Contains(out, t.Package) {
			out = append(out, t.Package)
		}
	}
	return out
}
