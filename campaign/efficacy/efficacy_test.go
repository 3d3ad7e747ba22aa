package efficacy

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// The machinery on one fault with a tiny budget: the planted build of the
// fault's target finds it on a committed seed through the campaign, the
// failure is minimized with its signature kept, the run with the seeds
// withheld is recorded either way, and a fault the planted build does not
// know is a miss, not a find. Both reports are written.
func TestEfficacyFindsOnePlantedFaultThroughTheCampaign(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fault, err := FaultNamed("FuzzScanMatchesReference/duplicates-admitted")
	if err != nil {
		t.Fatal(err)
	}
	target, _ := spec.Lookup("FuzzScanMatchesReference")
	// Inside the module, as the planted build's seeds need.
	if err := os.MkdirAll(filepath.Join(root, "work"), 0o755); err != nil {
		t.Fatal(err)
	}
	work, err := os.MkdirTemp(filepath.Join(root, "work"), "efficacy-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	rep, err := Measure(context.Background(), Config{Root: root, Budgets: []time.Duration{3 * time.Second}, Withhold: true,
		Workdir: work, Minimize: 10 * time.Second, Faults: []Fault{
			fault,
			{Name: "FuzzScanMatchesReference/not-planted", Fault: "none", Binding: target.Real(), Seeds: fault.Seeds},
		}}, work)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs) != 4 {
		t.Fatalf("%d runs, want 4 (two faults, two seed modes)", len(rep.Runs))
	}
	seeded := rep.Runs[0]
	if seeded.Name != fault.Name || seeded.Seeds != campaign.SeedsCommitted || !seeded.Found || seeded.By != campaign.BySeed ||
		!seeded.SignatureKept || seeded.MinimizedBytes == 0 || !strings.Contains(seeded.Signature, "DuplicateMember") || !seeded.RealPasses {
		t.Errorf("with the committed seeds: %+v, want found by a seed and minimized with its signature kept", seeded)
	}
	// From an empty corpus, three seconds may end in a find, a clean run, or
	// (on a loaded machine, while Go's engine still gathers its baseline)
	// an overrun: each is recorded as what it is, never as a find without
	// an input.
	if w := rep.Runs[1]; w.Seeds != campaign.SeedsWithheld || w.Found && (w.By != campaign.ByEngine || !w.SignatureKept) ||
		!w.Found && w.Status != campaign.StatusOK && (w.Status != campaign.StatusOverran || !strings.Contains(w.Detail, "overran")) {
		t.Errorf("with the seeds withheld: %+v", w)
	}
	for _, r := range rep.Runs[2:] {
		if r.Found {
			t.Errorf("a fault the planted build does not know was found: %+v", r)
		}
	}
	if len(rep.Missed()) < 2 {
		t.Errorf("missed %d runs, want at least the unknown fault's two", len(rep.Missed()))
	}
	if u := rep.Unfound(); len(u) != 1 || u[0] != "`FuzzScanMatchesReference/not-planted`" {
		t.Errorf("Unfound = %q, want the fault the planted build does not know", u)
	}
	js, err := os.ReadFile(filepath.Join(work, "efficacy.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct{ Runs []map[string]any }
	if err := json.Unmarshal(js, &raw); err != nil || len(raw.Runs) != 4 {
		t.Fatalf("efficacy.json: %v, %d runs", err, len(raw.Runs))
	}
	for _, field := range []string{"name", "found", "seconds", "executions", "by", "minimized_bytes", "signature_kept"} {
		if _, ok := raw.Runs[0][field]; !ok {
			t.Errorf("efficacy.json has no %q", field)
		}
	}
	md, err := os.ReadFile(filepath.Join(work, "efficacy.md"))
	if err != nil || !strings.Contains(string(md), "`"+fault.Name+"`") || !strings.Contains(string(md), "Runs that missed") {
		t.Errorf("efficacy.md: %v\n%s", err, md)
	}
}
