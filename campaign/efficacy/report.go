package efficacy

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
)

func cpus() int { return runtime.NumCPU() }

// cell sums the runs of one fault under one budget and seed mode.
type cell struct {
	runs, found, bySeed int
	seconds, execs      []float64
	minimized           []int
	kept                int
}

func (c *cell) add(r Run) {
	c.runs++
	if !r.Found {
		return
	}
	c.found++
	if r.By == campaign.BySeed {
		c.bySeed++
	}
	c.seconds = append(c.seconds, r.Seconds)
	c.execs = append(c.execs, float64(r.Execs))
	c.minimized = append(c.minimized, r.MinimizedBytes)
	if r.SignatureKept {
		c.kept++
	}
}

func (c *cell) String() string {
	if c == nil || c.runs == 0 {
		return "— | — | — | —"
	}
	found := fmt.Sprintf("%d/%d", c.found, c.runs)
	if c.found == 0 {
		return "**" + found + "** | — | — | —"
	}
	by := "engine"
	switch {
	case c.bySeed == c.found:
		by = "seed"
	case c.bySeed > 0:
		by = fmt.Sprintf("seed %d, engine %d", c.bySeed, c.found-c.bySeed)
	}
	return fmt.Sprintf("%s | %s | %s | %s", found, by, spread(c.seconds, "%.1f"), spread(c.execs, "%.0f"))
}

// spread writes the median of xs, and the range when there are several.
func spread(xs []float64, format string) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	out := fmt.Sprintf(format, med)
	if len(s) > 1 && s[0] != s[len(s)-1] {
		out += " (" + fmt.Sprintf(format, s[0]) + "–" + fmt.Sprintf(format, s[len(s)-1]) + ")"
	}
	return out
}

// Markdown renders the report as efficacy.md: per budget, a table of the
// faults with both seed modes, then the faults the committed seeds do not
// catch and the runs that missed.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Efficacy on planted faults, %s\n\n", r.Started.Format(time.RFC3339))
	fmt.Fprintf(&b, "%d runs (budgets %s, %d repetition(s) each, one fuzzing worker) on %d CPUs, %.0f s in all; %d runs missed their fault.\n",
		len(r.Runs), strings.Join(r.Budgets, ", "), r.Repeats, r.CPUs, r.Seconds, len(r.Missed()))
	if u := r.Unfound(); len(u) > 0 {
		fmt.Fprintf(&b, "\n**Not found with the committed seeds in any run, or the signature lost:** %s.\n", strings.Join(u, ", "))
	} else {
		b.WriteString("\nEvery fault was found through the campaign with the committed seeds, and every failure found kept its signature through minimizing.\n")
	}
	b.WriteString("\nColumns per seed mode: found (runs that found the fault / runs), by (seed: the engine's replay of the seed corpus; engine: an input it made), seconds and executions to the first failure, median (range). Minimized: the payload's bytes after the campaign's minimizer, median; kept: runs whose minimized input signs as the failure did.\n")
	var names []string // fault and engine
	for _, run := range r.Runs {
		if !slices.Contains(names, run.key()) {
			names = append(names, run.key())
		}
	}
	for _, budget := range r.Budgets {
		d, _ := time.ParseDuration(budget)
		fmt.Fprintf(&b, "\n## Budget %s per run\n\n", budget)
		b.WriteString("| fault, engine | area | seeds: found | by | s | execs | withheld: found | by | s | execs | minimized bytes | kept |\n")
		b.WriteString("| --- | --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n")
		for _, name := range names {
			cells := map[string]*cell{}
			var area string
			all := &cell{}
			for _, run := range r.Runs {
				if run.key() != name || run.Budget != d.Seconds() {
					continue
				}
				area = run.Area
				if cells[run.Seeds] == nil {
					cells[run.Seeds] = &cell{}
				}
				cells[run.Seeds].add(run)
				all.add(run)
			}
			if all.runs == 0 {
				continue
			}
			minimized := "—"
			if len(all.minimized) > 0 {
				ms := make([]float64, len(all.minimized))
				for i, m := range all.minimized {
					ms[i] = float64(m)
				}
				minimized = spread(ms, "%.0f")
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %d/%d |\n", name, area,
				cells[campaign.SeedsCommitted], cells[campaign.SeedsWithheld], minimized, all.kept, all.found)
		}
	}
	var notBySeeds, faults []string
	for _, run := range r.Runs {
		if !slices.Contains(faults, run.Name) {
			faults = append(faults, run.Name)
		}
	}
	for _, name := range faults {
		seeded := false
		for _, run := range r.Runs {
			if run.Name == name && run.Seeds == campaign.SeedsCommitted && run.Found && run.By == campaign.BySeed {
				seeded = true
			}
		}
		if !seeded {
			notBySeeds = append(notBySeeds, "`"+name+"`")
		}
	}
	b.WriteString("\n## Faults the committed seeds do not catch\n\n")
	if len(notBySeeds) == 0 {
		b.WriteString("None: every fault fails on a committed seed.\n")
	} else {
		fmt.Fprintf(&b, "The engine had to find these (no committed seed fails on them): %s.\n", strings.Join(notBySeeds, ", "))
	}
	if missed := r.Missed(); len(missed) > 0 {
		b.WriteString("\n## Runs that missed\n\n")
		for _, run := range missed {
			fmt.Fprintf(&b, "- %s, seeds %s, %gs budget, repetition %d: %s\n", run.key(), run.Seeds, run.Budget, run.Repeat, run.line())
		}
	}
	return b.String()
}

// key names a run's row: the fault, and the engine when it is not the
// native one.
func (r Run) key() string {
	if r.Engine == "" || r.Engine == EngineNative {
		return "`" + r.Name + "`"
	}
	return "`" + r.Name + "`, " + r.Engine
}
