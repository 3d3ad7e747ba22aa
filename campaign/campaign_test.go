package campaign

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/internal/sarifschema"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// moduleRoot is the canonfuzz module's folder, absolute, as Config.Root
// takes it (the tests run in campaign/).
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// fixtureModule is testdata/fixture, absolute; the failing inputs Go
// writes into its testdata are removed at cleanup, so that the fixture
// stays as committed.
func fixtureModule(t *testing.T) string {
	t.Helper()
	fixture, err := filepath.Abs("testdata/fixture")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Join(fixture, "testdata")) })
	return fixture
}

// A target that hangs on an input within a budget shorter than Go's own
// ten seconds per input is hung, not ok: the engine says PASS, its count
// standing still from its first input (7 s: two 3 s progress intervals
// and more). The campaign's own deadline (the grace) is far past the
// engine's stop, so that a loaded machine still sees the engine's verdict.
func TestATargetThatHangsOnAnInputHung(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fuzzes a fixture module")
	}
	fixture := fixtureModule(t)
	rep, err := Run(context.Background(), Config{
		Root: fixture, Patterns: []string{"./..."}, Time: 7 * time.Second, Grace: time.Minute,
		Workdir: t.TempDir(), Targets: []string{"FuzzHangsOnInput"},
		Registry:   []Job{{Package: "fixture", Name: "FuzzHangsOnInput"}},
		SeedValues: func(Job) ([]seeds.Seed, error) { return nil, nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.Status != StatusHung || !strings.Contains(r.Detail, "hung on an input") {
		t.Errorf("FuzzHangsOnInput: %s (%s), want hung", r.Status, r.Detail)
	}
}

// A campaign over the fixture module survives a failing and a hung target,
// records each with its status, keeps the failing input, and writes both
// reports.
func TestCampaignSurvivesFailingAndHungTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fuzzes a fixture module")
	}
	fixture := fixtureModule(t)
	work := t.TempDir()
	var progress strings.Builder
	min := &recordingMinimizer{}
	rep, err := Run(context.Background(), Config{
		Root: fixture, Patterns: []string{"./..."}, Time: 10 * time.Second, Grace: 5 * time.Second,
		Workdir: work, Progress: &progress, Minimize: min,
		Targets: []string{"FuzzFine", "FuzzFails", "FuzzFailsOnSeed", "FuzzHangs"},
		// The fixture module's own registry: its fuzz targets are not the
		// module's.
		Registry: []Job{{Package: "fixture", Name: "FuzzFine"}, {Package: "fixture", Name: "FuzzFails"},
			{Package: "fixture", Name: "FuzzFailsOnSeed"}, {Package: "fixture", Name: "FuzzHangs"}},
		// The fixture module is not in the catalogue: its seeds in code,
		// in the order FuzzFailsOnSeed adds them.
		SeedValues: func(t Job) ([]seeds.Seed, error) {
			if t.Name != "FuzzFailsOnSeed" {
				return nil, fmt.Errorf("no seeds of %s", t.Name)
			}
			return []seeds.Seed{{Name: "passes", Values: []any{[]byte("seed")}}, {Name: "fails", Values: []any{[]byte("planted")}}}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]Result{}
	for _, r := range rep.Results {
		status[r.Target] = r
	}
	// FuzzFine is ok, or overran: Go's coordinator can report its own
	// -fuzztime deadline as "context deadline exceeded" when the budget
	// ends mid-execution (golang/go#75804, fixed in Go 1.27; this module
	// builds with 1.26). Neither is a failure, and either way it fuzzed.
	if r := status["FuzzFine"]; r.Status != StatusOK && r.Status != StatusOverran || r.Execs == 0 || len(r.Failures) > 0 {
		t.Errorf("FuzzFine: %+v, want ok (or overran) with executions and no failure", r)
	}
	if r := status["FuzzFails"]; r.Status != StatusFailed || len(r.Failures) != 1 || r.Failures[0].Vector == nil ||
		r.Failures[0].By != ByEngine || r.Failures[0].Format != "go-test-fuzz-v1" || r.Failures[0].Seconds <= 0 {
		t.Errorf("FuzzFails: %+v, want failed by the engine with one minimized failure", r)
	} else if data, err := os.ReadFile(r.Failures[0].Copy); err != nil || !strings.Contains(string(data), "go test fuzz v1") {
		t.Errorf("FuzzFails: the copy of the failing input: %q, %v", data, err)
	}
	// A seed added in code keeps its input: the second seed, by number.
	if r := status["FuzzFailsOnSeed"]; r.Status != StatusFailed || len(r.Failures) != 1 ||
		r.Failures[0].By != BySeed || r.Failures[0].Input != "FuzzFailsOnSeed/seed#1" || r.Failures[0].Seed != "fails" {
		t.Errorf("FuzzFailsOnSeed: %+v, want failed on seed#1 with its input", r)
	} else if data, err := os.ReadFile(r.Failures[0].Copy); err != nil || !strings.Contains(string(data), `[]byte("planted")`) {
		t.Errorf("FuzzFailsOnSeed: the copy of the failing seed: %q, %v", data, err)
	}
	if r := status["FuzzHangs"]; r.Status != StatusHung {
		t.Errorf("FuzzHangs: %+v, want hung", r)
	}
	if n := rep.NewFailures(); n != 3 {
		t.Errorf("NewFailures = %d, want 3 (two failures and the hang)", n)
	}
	if len(min.inputs) != 2 {
		t.Fatalf("the minimizer saw %d inputs, want 2", len(min.inputs))
	}
	for _, in := range min.inputs {
		b, ok := in.Values[0].([]byte)
		if len(in.Values) != 1 || !ok || len(b) == 0 || len(in.Raw) == 0 {
			t.Errorf("the minimizer got %+v, want the failing bytes", in)
		}
	}
	var fromDisk Report
	js, err := os.ReadFile(filepath.Join(work, "campaign.json"))
	if err != nil || json.Unmarshal(js, &fromDisk) != nil || len(fromDisk.Results) != 4 {
		t.Errorf("campaign.json: %v, %d results", err, len(fromDisk.Results))
	}
	md, err := os.ReadFile(filepath.Join(work, "campaign.md"))
	if err != nil || !strings.Contains(string(md), "`FuzzHangs`") || !strings.Contains(string(md), "planted-signature") {
		t.Errorf("campaign.md: %v\n%s", err, md)
	}
	if data, err := os.ReadFile(filepath.Join(work, SARIFFile)); err != nil {
		t.Errorf("%s: %v", SARIFFile, err)
	} else if err := sarifschema.Validate(data); err != nil {
		t.Errorf("%s is not SARIF 2.1.0: %v", SARIFFile, err)
	} else if n := strings.Count(string(data), `"ruleId"`); n != 3 {
		t.Errorf("%s has %d results, want 3 (two failures and the hang)", SARIFFile, n)
	}
	if !strings.Contains(progress.String(), "FuzzFine") {
		t.Errorf("no progress lines for FuzzFine:\n%s", progress.String())
	}
}

type recordingMinimizer struct {
	mu     sync.Mutex
	inputs []findings.Input
}

func (m *recordingMinimizer) Minimize(ctx context.Context, t Job, in findings.Input) (Vector, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.inputs = append(m.inputs, in)
	return Vector{Path: "findings/fixture/planted.vec", Signature: "planted-signature", New: true}, nil
}

// A name that matches no target is an error, not an empty campaign.
func TestSelectRefusesUnknownNames(t *testing.T) {
	all := []Job{{Package: "x/targets/admit", Name: "FuzzScan"}, {Package: "x/fuzz", Name: "FuzzJCS"}}
	if got, err := Select(all, []string{"admit"}); err != nil || len(got) != 1 || got[0].Name != "FuzzScan" {
		t.Errorf("Select(admit) = %v, %v", got, err)
	}
	if _, err := Select(all, []string{"FuzzNope"}); err == nil {
		t.Error("Select(FuzzNope): no error")
	}
}

func TestParseProgress(t *testing.T) {
	p, ok := parseProgress("fuzz: elapsed: 1m2s, execs: 58311 (19437/sec), new interesting: 3 (total: 351)")
	if !ok || p.Elapsed != 62*time.Second || p.Execs != 58311 || p.NewInteresting != 3 || p.CorpusTotal != 351 {
		t.Errorf("got %+v, %v", p, ok)
	}
	if _, ok := parseProgress("PASS"); ok {
		t.Error("PASS parsed as progress")
	}
	if in, ok := parseFailingInput("    Failing input written to testdata/fuzz/FuzzX/4c7c"); !ok || in != "testdata/fuzz/FuzzX/4c7c" {
		t.Errorf("got %q, %v", in, ok)
	}
}
