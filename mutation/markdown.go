package mutation

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// MarkdownOptions say what report.md tells beside the tables.
type MarkdownOptions struct {
	Command string // the command that wrote the report
	Note    string // free text: the machine, its load
}

func score(num, den int, s float64) string {
	if math.IsNaN(s) {
		return fmt.Sprintf("n/a (%d/%d)", num, den)
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", s, num, den)
}

func metricsRow(name string, m Metrics) string {
	return fmt.Sprintf("| %s | %d | %d | %d | %d | %d | %d | %d | %s | %s |\n", name, m.TotalMutants, m.Killed, m.Timeout,
		m.Survived, m.NoCoverage, m.CompileErrors, m.Ignored,
		score(m.TotalDetected, m.TotalValid, m.MutationScore),
		score(m.TotalDetected, m.TotalCovered, m.MutationScoreBasedOnCoveredCode))
}

const metricsHeader = "| %s | mutants | killed | timed out | survived | no coverage | compile errors | ignored | mutation score (detected/valid) | covered score (detected/covered) |\n|---|---|---|---|---|---|---|---|---|---|\n"

// Mutants lists the report's mutants of one sweep.
func (r *Report) Mutants(sweep string) []*MutantResult {
	var out []*MutantResult
	for _, f := range r.Files {
		for _, m := range f.Mutants {
			if m.Sweep == sweep {
				out = append(out, m)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// target is the package a mutant's site is in ("targets/admit").
func target(m *MutantResult) string {
	id := m.Site
	if id == "" {
		id = m.ID
	}
	if i := strings.LastIndex(id[:strings.IndexAny(id+"#@:", "#@:")], "/"); i > 0 {
		return id[:i]
	}
	return id
}

// groupBy splits ms by key: the keys, sorted, and each key's mutants in
// ms's order.
func groupBy(ms []*MutantResult, key func(*MutantResult) string) ([]string, map[string][]*MutantResult) {
	groups := map[string][]*MutantResult{}
	var keys []string
	for _, m := range ms {
		k := key(m)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], m)
	}
	sort.Strings(keys)
	return keys, groups
}

// Markdown renders report.md: a table of the refusal kinds of each target,
// the operators, every survivor and uncovered mutant with file, line and
// diff, the ignored ones with why, and the gremlins sweep.
func (r *Report) Markdown(o MarkdownOptions) string {
	var b strings.Builder
	b.WriteString("# Mutation report\n\n")
	if o.Command != "" {
		fmt.Fprintf(&b, "Written by `%s`.", o.Command)
	}
	if o.Note != "" {
		b.WriteString(" " + o.Note)
	}
	b.WriteString("\n\nScores as mutation-testing-metrics defines them: detected = killed + timed out; " +
		"the mutation score is detected / (detected + survived + no coverage), the covered score detected / (detected + survived). " +
		"Compile errors and ignored (reviewed equivalent) mutants are in neither denominator.\n\n")
	ms := r.Mutants(SweepRefusal)
	fmt.Fprintf(&b, "## Refusal-site sweep\n\n")
	if p := r.Performance; p != nil {
		fmt.Fprintf(&b, "Setup (schema, builds) %.0f s, coverage run %.0f s, mutants %.0f s.\n\n", p.Setup/1000, p.InitialRun/1000, p.Mutation/1000)
	}
	fmt.Fprintf(&b, metricsHeader, "all targets")
	b.WriteString(metricsRow("**all**", Count(ms)))
	targets, byTarget := groupBy(ms, target)
	for _, t := range targets {
		b.WriteString(metricsRow(t, Count(byTarget[t])))
	}
	for _, t := range targets {
		fmt.Fprintf(&b, "\n### %s\n\n", t)
		fmt.Fprintf(&b, metricsHeader, "refusal kind")
		kinds, byKind := groupBy(byTarget[t], func(m *MutantResult) string { return m.Kind })
		for _, k := range kinds {
			b.WriteString(metricsRow("`"+k+"`", Count(byKind[k])))
		}
	}
	b.WriteString("\n### By operator\n\n")
	fmt.Fprintf(&b, metricsHeader, "operator")
	ops, byOp := groupBy(ms, func(m *MutantResult) string { return m.MutatorName })
	for _, op := range ops {
		b.WriteString(metricsRow(op, Count(byOp[op])))
	}
	undetected(&b, ms, "Survivors and uncovered mutants")
	b.WriteString("\n### Ignored (the reviewed list of equivalent mutants, mutation/equivalent.txt)\n\n")
	n := 0
	for _, m := range ms {
		if m.Status == Ignored {
			fmt.Fprintf(&b, "- `%s` (%s): %s\n", m.ID, location(m), strings.TrimPrefix(m.StatusReason, "equivalent: "))
			n++
		}
	}
	if n == 0 {
		b.WriteString("None.\n")
	}
	if st, _ := r.Config["staleEquivalents"].([]string); len(st) > 0 {
		b.WriteString("\n**Stale entries of the equivalent list** (they name no mutant: review them):\n\n")
		for _, s := range st {
			fmt.Fprintf(&b, "- `%s`\n", s)
		}
	}
	if gs := r.Mutants(SweepGremlins); len(gs) > 0 {
		b.WriteString("\n## gremlins (operator-level sweep), corrected\n\n")
		if note, ok := r.Config["gremlins"].(map[string]any); ok {
			if raw, ok := note["raw"].(map[string]any); ok {
				var keys []string
				for k := range raw {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				b.WriteString("As gremlins reported it: ")
				for i, k := range keys {
					if i > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "%v %s", raw[k], k)
				}
				b.WriteString(".\n\n")
			}
			if c, ok := note["corrections"].([]any); ok && len(c) > 0 {
				b.WriteString("Corrections:\n\n")
				for _, x := range c {
					fmt.Fprintf(&b, "- %v\n", x)
				}
				b.WriteString("\n")
			}
		}
		fmt.Fprintf(&b, metricsHeader, "package")
		pkgs, byPkg := groupBy(gs, target)
		b.WriteString(metricsRow("**all**", Count(gs)))
		for _, p := range pkgs {
			b.WriteString(metricsRow(p, Count(byPkg[p])))
		}
		undetected(&b, gs, "gremlins survivors and uncovered mutants")
	}
	return b.String()
}

func location(m *MutantResult) string {
	file := m.ID
	if i := strings.Index(m.Diff, " @@"); strings.HasPrefix(m.Diff, "@@ ") && i > 0 {
		file = m.Diff[3:i]
		if j := strings.LastIndex(file, ":"); j > 0 {
			file = file[:j]
		}
	}
	return fmt.Sprintf("%s:%d", file, m.Location.Start.Line)
}

func undetected(b *strings.Builder, ms []*MutantResult, title string) {
	fmt.Fprintf(b, "\n### %s\n\n", title)
	n := 0
	for _, m := range ms {
		if m.Status != Survived && m.Status != NoCoverage {
			continue
		}
		n++
		fmt.Fprintf(b, "- **%s** `%s` at %s: %s (%s)\n", m.Status, m.ID, location(m), m.Description, m.Kind)
		if m.Diff != "" {
			fmt.Fprintf(b, "\n```diff\n%s```\n\n", m.Diff)
		}
	}
	if n == 0 {
		b.WriteString("None: every mutant that compiles is killed, timed out or on the reviewed list.\n")
	}
}
