package fuzzscore

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/mutation"
)

// Results are the fuzzers' verdicts as the sweep's results, so that the
// sweep's report (mutation-testing-report-schema) renders them: killedBy
// names the fuzz target of each trial that killed, coveredBy the targets
// whose seed replay reaches the mutant, the duration the time to the
// first kill.
func (sc *Score) Results(sw *mutation.Sweep) []*mutation.Result {
	byID := map[string]*Mutant{}
	for _, m := range sc.Mutants {
		byID[m.ID] = m
	}
	out := make([]*mutation.Result, 0, len(sw.Results))
	for _, r := range sw.Results {
		m := byID[r.Mutant.ID]
		if m == nil {
			continue
		}
		res := &mutation.Result{Mutant: r.Mutant, Status: m.Status, Reason: m.Reason, CoveredBy: m.Reaching}
		first := time.Duration(-1)
		for _, tr := range m.Trials {
			res.TestsCompleted += len(tr.Attempts)
			if !tr.Killed {
				continue
			}
			res.KilledBy = appendNew(res.KilledBy, tr.KilledBy)
			if d := time.Duration(tr.Seconds * float64(time.Second)); first < 0 || d < first {
				first = d
			}
		}
		if first >= 0 {
			res.Duration = first
			res.Reason += fmt.Sprintf("; first kill %.1f s after its target started", first.Seconds())
		}
		out = append(out, res)
	}
	return out
}

func appendNew(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// Write writes into dir: the fuzzers' report.json, report.md and
// report.html (bundle: the pinned mutation-testing-elements), the tests'
// report on the same mutants under tests/, fuzz-score.json and summary.md.
func (sc *Score) Write(dir, bundle string, sw *mutation.Sweep, md mutation.MarkdownOptions) error {
	fuzzRep := sw.ReportOf(sc.Results(sw))
	fuzzRep.Config["verdicts"] = "fuzz targets, seeds withheld"
	fuzzRep.Config["budgetSeconds"] = sc.Budget
	fuzzRep.Config["trials"] = sc.TrialsEach
	if err := fuzzRep.WriteAll(dir, bundle, md); err != nil {
		return err
	}
	testsRep := sw.Report()
	testsRep.Config["verdicts"] = "tests"
	if err := testsRep.WriteAll(filepath.Join(dir, "tests"), bundle, md); err != nil {
		return err
	}
	return sc.WriteScore(dir)
}

// Headline is the one line of both scores.
func (sc *Score) Headline() string {
	return fmt.Sprintf("fuzzers %.1f%% (%d/%d killed%s, seeds withheld, %.0f s a target, %d trial(s)); tests %.1f%% (%d/%d%s); %d blind spot(s); %d not judged by the fuzzers",
		sc.Fuzz.Score, sc.Fuzz.Killed, sc.Fuzz.Valid, sc.Fuzz.timedOut(), sc.Budget, sc.TrialsEach,
		sc.Tests.Score, sc.Tests.Killed+sc.Tests.Timeout, sc.Tests.Valid, sc.Tests.timedOut(), len(sc.BlindSpots), sc.Fuzz.Invalid)
}

// timedOut is ", N timed out" when a side detected N mutants by a hang.
func (t Tally) timedOut() string {
	if t.Timeout == 0 {
		return ""
	}
	return fmt.Sprintf(", %d timed out", t.Timeout)
}

// Summary is summary.md: the headline, the blind spots, the kills the
// tests miss, the inputs the unmutated build fails too, and one line per
// mutant.
func (sc *Score) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# The fuzzers' mutation score\n\n")
	if sc.Command != "" {
		fmt.Fprintf(&b, "`%s`, ", sc.Command)
	}
	fmt.Fprintf(&b, "%s, %.0f s, %d CPUs, load average %s.\n\n%s\n\n", sc.Started.Format(time.RFC3339), sc.Seconds, sc.CPUs, sc.Load, sc.Headline())
	list := func(title string, ids []string) {
		fmt.Fprintf(&b, "## %s (%d)\n\n", title, len(ids))
		for _, id := range ids {
			fmt.Fprintf(&b, "- `%s`\n", id)
		}
		b.WriteString("\n")
	}
	list("Blind spots: killed by the tests, not by the fuzzers", sc.BlindSpots)
	list("Detected by the fuzzers (killed or timed out), not by the tests", sc.FuzzOnly)
	list("Failing inputs the unmutated build fails too (no kill; a fault of the target or a flaky property)", sc.Unconfirmed)
	b.WriteString("## Every mutant\n\n| mutant | fuzzers | found | by | s to kill | execs | tests | reaching |\n|---|---|---|---|---|---|---|---|\n")
	for _, m := range sc.Mutants {
		by, secs, execs := "", "", ""
		for _, tr := range m.Trials {
			if tr.Killed {
				by, secs, execs = tr.KilledBy, fmt.Sprintf("%.1f", tr.Seconds), fmt.Sprint(tr.Execs)
				break
			}
		}
		found := fmt.Sprintf("%d/%d", m.Found, len(m.Trials))
		if m.TimedOut > 0 {
			found += fmt.Sprintf(" (hung in %d)", m.TimedOut)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s | %d |\n", m.ID, m.Status, found, by, secs, execs, m.TestsStatus, len(m.Reaching))
	}
	return b.String()
}
