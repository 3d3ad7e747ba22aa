package matrix

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
	"github.com/canonfuzz/canonfuzz/internal/sarifschema"
)

// readSARIF validates dir/matrix.sarif against the SARIF 2.1.0 schema and
// checks that each result is located at a line of dir/matrix.md that
// names its implementation.
func readSARIF(t *testing.T, dir, implKey string) *sarifschema.Log {
	t.Helper()
	log := sarifschema.ReadFileOrFail(t, filepath.Join(dir, SARIFFile))
	md, err := os.ReadFile(filepath.Join(dir, MDFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(md), "\n")
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0]
		impl, _ := r.Properties[implKey].(string)
		if n := loc.Line(); !strings.HasSuffix(loc.URI(), "/"+MDFile) || n < 1 || n > len(lines) || !strings.Contains(lines[n-1], impl) {
			t.Errorf("%s of %q is at %s:%d, not a line of matrix.md naming it", r.RuleID, impl, loc.URI(), loc.Line())
		}
	}
	return log
}

// studyWriter is a study report that writes itself into a folder.
type studyWriter interface {
	Write(dir, command string) error
}

// committedSARIF reads the matrix.json of the committed study name into
// rep (committedStudy), writes the study again into a temporary folder as
// command does, and reads its SARIF log back (readSARIF).
func committedSARIF(t *testing.T, name string, rep studyWriter, command, implKey string) *sarifschema.Log {
	t.Helper()
	committedStudy(t, name, rep)
	dir := t.TempDir()
	if err := rep.Write(dir, command); err != nil {
		t.Fatal(err)
	}
	return readSARIF(t, dir, implKey)
}

// TestCanonicalizerSARIFCountsEveryDeparture: on the committed study, the
// log has no result for canonfuzz/jcs, and for every other implementation
// the inputs it refuses where we do not, less those it admits where we
// refuse, are the difference of its refusals (and breakdowns) and ours,
// as matrix.json counts them.
func TestCanonicalizerSARIFCountsEveryDeparture(t *testing.T) {
	var rep Report
	log := committedSARIF(t, "canonicalizers", &rep, "canonfuzz matrix", "implementation")
	counts := map[string]map[string]int{}
	for _, r := range log.Runs[0].Results {
		impl := r.Properties["implementation"].(string)
		if impl == OursName {
			t.Errorf("a result for %s: %s", OursName, r.Message.Text)
		}
		if counts[impl] == nil {
			counts[impl] = map[string]int{}
		}
		counts[impl][r.RuleID] += int(r.Properties["inputs"].(float64))
	}
	refused := map[string]int{}
	for _, ir := range rep.Implementations {
		refused[ir.Name] = ir.Refused + ir.Breakdowns
	}
	departing := 0
	for _, ir := range rep.Implementations {
		if ir.Name == OursName {
			continue
		}
		c := counts[ir.Name]
		if got, want := c[RuleRefuses]-c[RuleAdmits], refused[ir.Name]-refused[OursName]; got != want {
			t.Errorf("%s: refuses %d - admits %d = %d, want %d (its refusals and breakdowns less ours)", ir.Name, c[RuleRefuses], c[RuleAdmits], got, want)
		}
		if len(c) > 0 {
			departing++
		}
	}
	if departing == 0 {
		t.Fatal("no implementation departs: the committed study has departures, so the log lost them")
	}
}

// TestGuardSARIFHasEveryClass: on the committed guard study, one result
// per class of every guard but ours.
func TestGuardSARIFHasEveryClass(t *testing.T) {
	var rep GuardReport
	log := committedSARIF(t, "guards", &rep, "canonfuzz matrix --guards", "guard")
	want := 0
	for _, ir := range rep.Implementations {
		if ir.Name != OursGuardName {
			want += len(ir.Classes)
		}
	}
	if got := len(log.Runs[0].Results); got != want || want == 0 {
		t.Errorf("%d results, want %d (the classes of the other guards)", got, want)
	}
	for _, r := range log.Runs[0].Results {
		if !strings.HasPrefix(r.RuleID, "guard-study/") {
			t.Errorf("rule %s", r.RuleID)
		}
	}
}

// TestCommittedStudySARIFIsCurrent: docs/study's matrix.sarif files are
// what Write makes of the matrix.json and matrix.md beside them (make
// matrix writes all three; the nightly workflow uploads the SARIF).
func TestCommittedStudySARIFIsCurrent(t *testing.T) {
	for _, name := range []string{"canonicalizers", "guards"} {
		dir := "docs/study/" + name
		var log sarif.Log
		if name == "guards" {
			var rep GuardReport
			log = rep.SARIF(dir, string(committedStudy(t, name, &rep)))
		} else {
			var rep Report
			log = rep.SARIF(dir, string(committedStudy(t, name, &rep)))
		}
		want, err := sarif.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("..", dir, SARIFFile))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s/%s is not what matrix.json and matrix.md make: rerun make matrix (or write it from them)", dir, SARIFFile)
		}
	}
}
