package mutation

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/gocmd"
)

// candidates are the tests of each binary that reach the mutant, own
// package first, each binary's fastest first.
func (s *Sweep) candidates(m *Mutant) [][]*Test {
	points := m.Points()
	var out [][]*Test
	for _, b := range s.Binaries {
		var ts []*Test
		for _, t := range b.Tests {
			if !t.Passed {
				continue
			}
			for _, p := range points {
				if t.Hits[p] {
					ts = append(ts, t)
					break
				}
			}
		}
		sort.SliceStable(ts, func(i, j int) bool { return ts[i].Seconds < ts[j].Seconds })
		if b.Pkg == m.Site.Pkg.Path {
			out = append([][]*Test{ts}, out...)
		} else {
			out = append(out, ts)
		}
	}
	return out
}

func (s *Sweep) binaryOf(t *Test) *Binary {
	for _, b := range s.Binaries {
		if strings.HasPrefix(t.ID, b.Rel+"/") && b.Rel+"/"+t.Name == t.ID {
			return b
		}
	}
	return nil
}

// run decides one mutant.
func (s *Sweep) run(m *Mutant) *Result {
	r := &Result{Mutant: m}
	if s.settledBy(r) {
		return r
	}
	groups := s.candidates(m)
	for _, g := range groups {
		for _, t := range g {
			r.CoveredBy = append(r.CoveredBy, t.ID)
		}
	}
	if len(r.CoveredBy) == 0 {
		r.Status, r.Reason = NoCoverage, "no test reaches the mutation"
		return r
	}
	start := time.Now()
	defer func() { r.Duration = time.Since(start) }()
	var ov string
	if !m.Schema {
		var err error
		if ov, err = s.AloneOverlay(m); err != nil {
			r.Status, r.Reason = "RuntimeError", err.Error()
			return r
		}
		defer os.RemoveAll(filepath.Dir(ov))
	}
	for _, g := range groups {
		if len(g) > 0 && s.runGroup(r, g, ov) {
			return r
		}
	}
	r.Status, r.Reason = Survived, fmt.Sprintf("%d tests reach it and pass", r.TestsCompleted)
	return r
}

// settledBy decides the mutants that are not run: a reviewed equivalent is
// Ignored, a mutant that does not type-check a CompileError.
func (s *Sweep) settledBy(r *Result) bool {
	m := r.Mutant
	if why, ok := equivalentOf(s.Opts.Equivalent, m); ok {
		r.Status, r.Reason = Ignored, "equivalent: "+why
		return true
	}
	if m.CompileErr != "" {
		r.Status, r.Reason = CompileError, m.CompileErr
		return true
	}
	return false
}

// AloneOverlay writes the overlay of a mutant that is not in the schema
// (a constant change): its file with the mutant applied.
func (s *Sweep) AloneOverlay(m *Mutant) (string, error) {
	return writeOverlay(filepath.Join(s.Opts.Work, "_alone"), map[string][]byte{m.Site.File.Path: m.Apply()})
}

// runGroup runs the tests of one binary that reach the mutant, in batches,
// and reports whether they decided it (Killed or Timeout).
func (s *Sweep) runGroup(r *Result, g []*Test, ov string) bool {
	m := r.Mutant
	b := s.binaryOf(g[0])
	num := m.Num
	if !m.Schema {
		// A constant change is built on its own, one test binary at a
		// time, so that one its own package kills costs one build.
		nb := *b
		nb.Path = filepath.Join(filepath.Dir(ov), gocmd.TestBinary(b.Pkg))
		if err := buildTest(s.Plan.Mod.Root, ov, b.Pkg, nb.Path); err != nil {
			if testFiles := onlyTestFiles(err.Error()); testFiles != nil {
				// The package compiles (Judge said so) and its tests
				// do not: they pin the constant at compile time.
				r.Status, r.KilledBy = Killed, ids(b, names(g))
				r.Reason = "the tests do not compile with the constant changed: " + strings.Join(testFiles, ", ")
				return true
			}
			r.Status, r.Reason = CompileError, err.Error()
			return true
		}
		b, num = &nb, 0
	}
	for _, batch := range batches(g) {
		if s.runBatch(r, b, batch, num) {
			return true
		}
	}
	return false
}

// runBatch runs one batch of tests with the mutant on, within the floor
// plus the factor times their baseline, and reports whether it decided
// the mutant.
func (s *Sweep) runBatch(r *Result, b *Binary, batch []*Test, num int) bool {
	names := names(batch)
	base := 0.0
	for _, t := range batch {
		base += t.Seconds
	}
	limit := s.Opts.Limit(time.Duration(base * float64(time.Second)))
	res := runTests(b, names, num, "", limit)
	switch {
	case res.timedOut:
		r.Status, r.Reason = Timeout, fmt.Sprintf("%s ran past %s (baseline %.2fs)", strings.Join(names, ","), limit, base)
		r.KilledBy = ids(b, names)
		return true
	case res.err != nil:
		r.Status = Killed
		r.KilledBy = res.failed
		if len(r.KilledBy) == 0 {
			r.KilledBy = ids(b, names)
		}
		r.Reason = firstLines(res.out, 8)
		r.TestsCompleted += len(names)
		return true
	}
	r.TestsCompleted += len(names)
	return false
}

// batches groups tests (fastest first) into runs whose baseline doubles
// from 0.25 s, so a mutant the fast tests kill never waits for the slow.
func batches(ts []*Test) [][]*Test {
	var out [][]*Test
	budget := 0.25
	var cur []*Test
	sum := 0.0
	for _, t := range ts {
		if len(cur) > 0 && sum+t.Seconds > budget {
			out = append(out, cur)
			cur, sum = nil, 0
			budget *= 2
		}
		cur = append(cur, t)
		sum += t.Seconds
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}
