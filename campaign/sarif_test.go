package campaign

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/internal/sarif"
	"github.com/canonfuzz/canonfuzz/internal/sarifschema"
)

// TestSARIFHasEveryNewFailure: the SARIF log of a campaign has one result
// per new failure and per hung target, none for a known signature or a
// clean target; the rule is the target's property, the location the line
// that declares the fuzz target, the vector a related location with its
// path under findings/; and the log is valid SARIF 2.1.0.
func TestSARIFHasEveryNewFailure(t *testing.T) {
	root := moduleRoot(t)
	reg, ok := spec.Lookup("FuzzScanMatchesReference")
	if !ok {
		t.Fatal("FuzzScanMatchesReference is not in the registry")
	}
	pkg := "github.com/canonfuzz/canonfuzz/" + reg.Dir
	targets := []Job{{Package: pkg, Dir: filepath.Join(root, reg.Dir), Name: reg.Name}, {Package: "x/y", Name: "FuzzElsewhere"}}
	rep := &Report{Engine: EngineNative, Results: []Result{
		{Target: reg.Name, Package: pkg, Engine: EngineNative, Status: StatusFailed, Failures: []Failure{
			{By: ByEngine, Seconds: 2, New: true, Message: "scan_test.go:1: Scan and Reference disagree\nmore",
				Copy:   filepath.Join(root, "work", "campaign", "failures", reg.Name, "4c7c"),
				Vector: &Vector{Path: filepath.Join(root, "findings", "admit", "new.vec"), Signature: "admit:new", New: true, Bytes: 3, Document: "findings/admit/new-document.vec"}},
			{By: ByEngine, Seconds: 3, New: false, Vector: &Vector{Path: "findings/admit/old.vec", Signature: "admit:old"}},
		}},
		{Target: "FuzzElsewhere", Package: "x/y", Engine: EngineNative, Status: StatusHung, Detail: "killed at the deadline\nlog follows", Log: filepath.Join(root, "work", "campaign", "logs", "FuzzElsewhere.log")},
		{Target: "FuzzFine", Package: "x/y", Engine: EngineNative, Status: StatusOK},
	}}
	data, err := sarif.Marshal(rep.SARIF(root, targets))
	if err != nil {
		t.Fatal(err)
	}
	doc := sarifschema.ReadOrFail(t, data)
	results := doc.Runs[0].Results
	if len(results) != 2 {
		t.Fatalf("%d results, want the new failure and the hang:\n%s", len(results), data)
	}
	failure, hang := results[0], results[1]
	if failure.RuleID != reg.Property || failure.Level != "error" {
		t.Errorf("the failure's rule %q level %q, want %s, error", failure.RuleID, failure.Level, reg.Property)
	}
	src, err := os.ReadFile(filepath.Join(root, reg.Dir, reg.File))
	if err != nil {
		t.Fatal(err)
	}
	loc := failure.Locations[0]
	if loc.URI() != reg.Dir+"/"+reg.File {
		t.Errorf("the failure is located in %s, want %s/%s", loc.URI(), reg.Dir, reg.File)
	} else if lines := strings.Split(string(src), "\n"); loc.Line() < 1 || !regexp.MustCompile(`^func `+reg.Name+`\(`).MatchString(lines[loc.Line()-1]) {
		t.Errorf("line %d of %s does not declare %s", loc.Line(), loc.URI(), reg.Name)
	}
	if lls := loc.LogicalLocations; len(lls) != 1 || lls[0].FullyQualifiedName != pkg+"."+reg.Name || lls[0].Name != reg.Name || lls[0].Kind != "function" {
		t.Errorf("the failure's logical location %+v, want the function %s.%s", lls, pkg, reg.Name)
	}
	var related []string
	for _, r := range failure.RelatedLocations {
		related = append(related, r.URI())
	}
	want := []string{"findings/admit/new.vec", "findings/admit/new-document.vec", "work/campaign/failures/" + reg.Name + "/4c7c"}
	if strings.Join(related, " ") != strings.Join(want, " ") {
		t.Errorf("related locations %v, want %v", related, want)
	}
	if failure.PartialFingerprints["canonfuzz/v1"] != "admit:new" || !strings.Contains(failure.Message.Text, "Scan and Reference disagree") || strings.Contains(failure.Message.Text, "more") {
		t.Errorf("the failure's message %q, fingerprints %v", failure.Message.Text, failure.PartialFingerprints)
	}
	if hang.RuleID != "FuzzElsewhere" || !strings.Contains(hang.Message.Text, "hung") || hang.Locations[0].URI() != "." {
		t.Errorf("the hang: %+v", hang)
	}
	rules := map[string]bool{}
	for _, r := range doc.Runs[0].Tool.Driver.Rules {
		rules[r.ID] = true
	}
	if !rules[reg.Property] || !rules["FuzzElsewhere"] {
		t.Errorf("rules %v", rules)
	}
}
