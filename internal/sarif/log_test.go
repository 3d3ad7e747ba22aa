package sarif_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
	"github.com/canonfuzz/canonfuzz/internal/sarifschema"
)

func example() sarif.Log {
	return sarif.Log{
		Tool:  "canonfuzz campaign",
		Rules: []sarif.Rule{{ID: "ScanMatchesReference", Description: "Scan and Reference agree", Help: "See `fuzz/README.md`."}},
		Results: []sarif.Result{{
			Rule: "ScanMatchesReference", Level: sarif.Error, Message: "FuzzScanMatchesReference failed",
			Locations:   []sarif.Location{{Path: "fuzz/admit/admit_test.go", Line: 12, Function: "github.com/canonfuzz/canonfuzz/fuzz/admit.FuzzScanMatchesReference"}},
			Related:     []sarif.Location{{Path: "findings/admit/x y.vec", Message: "the minimized vector"}},
			Fingerprint: "admit:refusal(Syntax)",
			Properties:  map[string]any{"package": "github.com/canonfuzz/canonfuzz/fuzz/admit", "new": true},
		}},
	}
}

// TestMarshalValidates: a log with every part this package writes (rule
// help, region, related location, artifact, fingerprint, property bag) is
// valid against the official SARIF 2.1.0 schema.
func TestMarshalValidates(t *testing.T) {
	data, err := sarif.Marshal(example())
	if err != nil {
		t.Fatal(err)
	}
	doc := sarifschema.ReadOrFail(t, data)
	if doc.Version != "2.1.0" || len(doc.Runs) != 1 {
		t.Fatalf("version %q, %d runs", doc.Version, len(doc.Runs))
	}
	run := doc.Runs[0]
	if run.Tool.Driver.Name != "canonfuzz campaign" || len(run.Tool.Driver.Rules) != 1 || len(run.Results) != 1 {
		t.Fatalf("run %+v", run)
	}
	res := run.Results[0]
	if res.RuleID != "ScanMatchesReference" || res.RuleIndex != 0 || res.Level != "error" {
		t.Errorf("result %+v", res)
	}
	if len(res.Locations) != 1 || res.Locations[0].URI() != "fuzz/admit/admit_test.go" || res.Locations[0].Line() != 12 {
		t.Errorf("locations %+v", res.Locations)
	}
	if len(res.RelatedLocations) != 1 || res.RelatedLocations[0].ID != 1 || len(run.Artifacts) != 1 || run.Artifacts[0].Location.URI != "findings/admit/x%20y.vec" {
		t.Errorf("related %+v, artifacts %+v", res.RelatedLocations, run.Artifacts)
	}
	if res.PartialFingerprints["canonfuzz/v1"] != "admit:refusal(Syntax)" {
		t.Errorf("fingerprints %v", res.PartialFingerprints)
	}
}

// TestEmptyLogValidates: a run without results (a clean campaign) is a
// valid log, so the upload has something to replace old alerts with.
func TestEmptyLogValidates(t *testing.T) {
	data, err := sarif.Marshal(sarif.Log{Tool: "canonfuzz mutation"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifschema.Validate(data); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
}

// TestSchemaRefusesBrokenLogs: the validator can fail. Each document is
// the valid example with one thing broken that the schema forbids.
func TestSchemaRefusesBrokenLogs(t *testing.T) {
	good, err := sarif.Marshal(example())
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(doc map[string]any){
		"version 2.0.0":      func(doc map[string]any) { doc["version"] = "2.0.0" },
		"no runs":            func(doc map[string]any) { delete(doc, "runs") },
		"unknown member":     func(doc map[string]any) { doc["findings"] = 1 },
		"level bogus":        func(doc map[string]any) { result(doc)["level"] = "bogus" },
		"start line 0":       func(doc map[string]any) { region(doc)["startLine"] = 0 },
		"message not object": func(doc map[string]any) { result(doc)["message"] = "text" },
		"tool without driver": func(doc map[string]any) {
			delete(doc["runs"].([]any)[0].(map[string]any)["tool"].(map[string]any), "driver")
		},
		"$schema not a URI": func(doc map[string]any) { doc["$schema"] = "not a uri" },
	} {
		var doc map[string]any
		if err := json.Unmarshal(good, &doc); err != nil {
			t.Fatal(err)
		}
		edit(doc)
		bad, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := sarifschema.Validate(bad); err == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
	if err := sarifschema.Validate([]byte(`{"version":`)); err == nil {
		t.Error("a truncated document passes")
	}
}

func result(doc map[string]any) map[string]any {
	return doc["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)
}

func region(doc map[string]any) map[string]any {
	return result(doc)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)
}

// TestMarshalRefusesWhatCodeScanningDrops: a result without a declared
// rule, a level, a message or a location is an error, not a log.
func TestMarshalRefusesWhatCodeScanningDrops(t *testing.T) {
	for name, edit := range map[string]func(l *sarif.Log){
		"no tool":         func(l *sarif.Log) { l.Tool = "" },
		"undeclared rule": func(l *sarif.Log) { l.Results[0].Rule = "Other" },
		"two rules":       func(l *sarif.Log) { l.Rules = append(l.Rules, l.Rules[0]) },
		"level":           func(l *sarif.Log) { l.Results[0].Level = "fatal" },
		"message":         func(l *sarif.Log) { l.Results[0].Message = "" },
		"no location":     func(l *sarif.Log) { l.Results[0].Locations = nil },
		"empty path":      func(l *sarif.Log) { l.Results[0].Related[0].Path = "" },
		"negative line":   func(l *sarif.Log) { l.Results[0].Locations[0].Line = -1 },
	} {
		l := example()
		edit(&l)
		if data, err := sarif.Marshal(l); err == nil {
			t.Errorf("%s: written:\n%s", name, data)
		}
	}
}

// TestWrite writes the file, and an unwritable path is an error.
func TestWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out", "campaign.sarif")
	if err := sarif.Write(path, example()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifschema.Validate(data); err != nil {
		t.Fatal(err)
	}
	if err := sarif.Write(filepath.Join(path, "x.sarif"), example()); err == nil || !strings.HasPrefix(err.Error(), "sarif: ") {
		t.Errorf("writing under a file: %v", err)
	}
}

func TestURI(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct{ path, want string }{
		{filepath.Join(root, "findings", "admit", "a.vec"), "findings/admit/a.vec"},
		{"findings/admit/a b.vec", "findings/admit/a%20b.vec"},
		{"./work/../findings/x.vec", "findings/x.vec"},
		{"/elsewhere/x.vec", "file:///elsewhere/x.vec"},
		{filepath.Join(root+"x", "y"), "file://" + filepath.ToSlash(root) + "x/y"},
	} {
		if got := sarif.URI(root, c.path); got != c.want {
			t.Errorf("URI(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}
