package mutation

import (
	"fmt"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
)

// SARIFFile is the sweep's SARIF log, beside report.json.
const SARIFFile = "report.sarif"

// The rules of the SARIF log: a mutant no test killed, and a mutant no
// test reached.
const (
	RuleSurvived   = "SurvivingMutant"
	RuleNoCoverage = "UncoveredMutant"
)

// SARIF is the report as a SARIF 2.1.0 log for code scanning: a result
// for every mutant that survived or that no test covers, located at the
// mutated line of its file (the report's paths are relative to the module
// root), with its ID as the fingerprint. A refusal-site mutant is an error
// (it fails make mutation); a gremlins mutant, which may be an equivalent
// no one reviewed yet, is a warning. Killed, timed-out, ignored (reviewed
// equivalents) and uncompilable mutants are not results.
func (r *Report) SARIF() sarif.Log {
	log := sarif.Log{Tool: "canonfuzz mutation", Rules: []sarif.Rule{
		{ID: RuleSurvived, Description: "A mutant of a refusal site that every test reaching it passes: a refusal no test pins down.",
			Help: "Add a test that fails on the mutant (docs/MUTATION.md), or, for a reviewed equivalent, a line in mutation/equivalent.txt."},
		{ID: RuleNoCoverage, Description: "A mutant on a line no test reaches.",
			Help: "Add a test that reaches the line (docs/MUTATION.md)."},
	}}
	paths := make([]string, 0, len(r.Files))
	for p := range r.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		for _, m := range r.Files[path].Mutants {
			var rule, verb string
			switch m.Status {
			case Survived:
				rule, verb = RuleSurvived, "survived"
			case NoCoverage:
				rule, verb = RuleNoCoverage, "is reached by no test"
			default:
				continue
			}
			level := sarif.Error
			if m.Sweep == SweepGremlins {
				level = sarif.Warning
			}
			what := m.MutatorName
			if m.Description != "" {
				what += ": " + m.Description
			}
			msg := fmt.Sprintf("Mutant %s (%s sweep, %s) %s", m.ID, m.Sweep, what, verb)
			if len(m.CoveredBy) > 0 {
				msg += fmt.Sprintf(" although %d tests reach it", len(m.CoveredBy))
			}
			if m.Replacement != "" {
				msg += "; the line becomes: " + strings.TrimSpace(m.Replacement)
			}
			props := map[string]any{"mutator": m.MutatorName, "sweep": m.Sweep, "status": m.Status}
			if m.Kind != "" {
				props["refusalKind"] = m.Kind
			}
			if m.Site != "" {
				props["site"] = m.Site
			}
			log.Results = append(log.Results, sarif.Result{Rule: rule, Level: level, Message: msg, Fingerprint: m.ID,
				Locations: []sarif.Location{{Path: path, Line: max(m.Location.Start.Line, 1)}}, Properties: props})
		}
	}
	return log
}
