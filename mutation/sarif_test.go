package mutation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
	"github.com/canonfuzz/canonfuzz/internal/sarifschema"
)

// TestSARIFHasEverySurvivorAndUncoveredMutant: report.sarif has one result
// per surviving or uncovered mutant of the fixture sweep and none for a
// killed or ignored one, each at its file and line with its ID as the
// fingerprint, and is valid SARIF 2.1.0; WriteAll writes it beside
// report.json.
func TestSARIFHasEverySurvivorAndUncoveredMutant(t *testing.T) {
	r := sweepFixture(t).Report()
	want := map[string]*MutantResult{}
	where := map[string]string{}
	for path, f := range r.Files {
		for _, m := range f.Mutants {
			if m.Status == Survived || m.Status == NoCoverage {
				want[m.ID], where[m.ID] = m, path
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("the fixture sweep has no survivor: the test would check nothing")
	}
	dir := t.TempDir()
	bundle := "report/node_modules/mutation-testing-elements/dist/mutation-test-elements.js"
	if err := r.WriteAll(dir, bundle, MarkdownOptions{Command: "test"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, SARIFFile))
	if err != nil {
		t.Fatal(err)
	}
	doc := sarifschema.ReadOrFail(t, data)
	seen := map[string]bool{}
	for _, res := range doc.Runs[0].Results {
		id := res.PartialFingerprints["canonfuzz/v1"]
		m, ok := want[id]
		if !ok {
			t.Errorf("result for %q, which neither survived nor went uncovered", id)
			continue
		}
		seen[id] = true
		rule := RuleSurvived
		if m.Status == NoCoverage {
			rule = RuleNoCoverage
		}
		loc := res.Locations[0]
		if res.RuleID != rule || res.Level != sarif.Error || loc.URI() != where[id] || loc.Line() != m.Location.Start.Line {
			t.Errorf("%s: rule %s level %s at %s:%d, want %s error at %s:%d", id, res.RuleID, res.Level,
				loc.URI(), loc.Line(), rule, where[id], m.Location.Start.Line)
		}
	}
	for id := range want {
		if !seen[id] {
			t.Errorf("no result for %s (%s)", id, want[id].Status)
		}
	}
	if strings.Contains(string(data), `"Killed"`) || strings.Contains(string(data), `"Ignored"`) {
		t.Error("a killed or ignored mutant is in the log")
	}
}
