package campaign

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/signer"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// A run that names no failing input is never a failure: the engine's own
// deadline is an overrun, a target that failed before fuzzing a crash.
func TestARunWithoutAnInputIsNeverAFailure(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		exit  bool
		want  string
	}{
		// What a 60 s campaign on a loaded machine printed for
		// FuzzCanonicalizeMatchesJSONText.
		{"engine deadline", []string{"fuzz: elapsed: 0s, gathering baseline coverage: 0/40 completed",
			"--- FAIL: FuzzCanonicalizeMatchesJSONText (61.02s)", "    context deadline exceeded", "FAIL"}, true, StatusOverran},
		{"setup failure", []string{"--- FAIL: FuzzX (0.01s)", "    native.go:31: native: FuzzX needs its oracles: no node", "FAIL"}, true, StatusCrashed},
		{"engine died", []string{"fuzz: elapsed: 3s, execs: 100 (33/sec), new interesting: 0 (total: 1)"}, true, StatusCrashed},
		{"clean", []string{"fuzz: elapsed: 3s, execs: 100 (33/sec), new interesting: 0 (total: 1)", "PASS"}, false, StatusOK},
	} {
		var r engineReport
		for i, l := range c.lines {
			r.line(l, time.Duration(i)*time.Second)
		}
		var err error
		if c.exit {
			err = os.ErrProcessDone
		}
		if got := r.withoutInput(err, time.Minute); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// A run whose execution count stands still for two progress intervals up
// to its end or its budget hung on an input: what 10 s runs of
// FuzzGlob(Generated)MatchesReference printed with compileClass's
// unterminated-[ check dropped (the class compiler loops). A slow but
// moving run, a run that ends late on a loaded machine (as FuzzFine did at
// load 22), a count that stands still for one interval, or only while
// the engine may minimize, are not hangs.
func TestARunWhoseExecutionsStandStillHung(t *testing.T) {
	hung := []string{"fuzz: elapsed: 0s, execs: 0 (0/sec), new interesting: 0 (total: 0)",
		"fuzz: elapsed: 3s, execs: 11727 (3903/sec), new interesting: 47 (total: 47)",
		"fuzz: elapsed: 6s, execs: 11727 (0/sec), new interesting: 47 (total: 47)",
		"fuzz: elapsed: 9s, execs: 11727 (0/sec), new interesting: 47 (total: 47)",
		"fuzz: elapsed: 12s, execs: 11727 (0/sec), new interesting: 47 (total: 47)", "PASS"}
	for _, c := range []struct {
		name   string
		lines  []string
		budget time.Duration
		want   string
	}{
		{"hung", hung, 10 * time.Second, StatusHung},
		{"slow but moving, ten times the load", []string{"fuzz: elapsed: 3s, execs: 30 (10/sec)", "fuzz: elapsed: 6s, execs: 31 (0/sec)",
			"fuzz: elapsed: 9s, execs: 32 (0/sec)", "fuzz: elapsed: 11s, execs: 33 (0/sec)", "PASS"}, 10 * time.Second, StatusOK},
		{"hung, stopped on time", []string{"fuzz: elapsed: 3s, execs: 222 (74/sec)", "fuzz: elapsed: 6s, execs: 222 (0/sec)",
			"fuzz: elapsed: 9s, execs: 222 (0/sec)", "fuzz: elapsed: 10s, execs: 222 (0/sec)", "PASS"}, 10 * time.Second, StatusHung},
		{"a worker that stopped on its interrupt", []string{"fuzz: elapsed: 6s, execs: 1759 (206/sec)", "fuzz: elapsed: 9s, execs: 1976 (72/sec)",
			"fuzz: elapsed: 11s, execs: 1976 (0/sec)", "PASS"}, 10 * time.Second, StatusOK},
		{"moving to the budget, ended late on a loaded machine", []string{"fuzz: elapsed: 6s, execs: 90000 (13000/sec)",
			"fuzz: elapsed: 9s, execs: 130000 (13000/sec)", "fuzz: elapsed: 12s, execs: 143557 (4000/sec)", "PASS"}, 10 * time.Second, StatusOK},
		{"still for one interval only", []string{"fuzz: elapsed: 3s, execs: 300 (100/sec)", "fuzz: elapsed: 6s, execs: 310 (3/sec)",
			"fuzz: elapsed: 9s, execs: 310 (0/sec)", "fuzz: elapsed: 11s, execs: 310 (0/sec)", "PASS"}, 10 * time.Second, StatusOK},
		{"still only while it may minimize", []string{"fuzz: elapsed: 57s, execs: 900 (10/sec)",
			"fuzz: elapsed: 60s, execs: 900 (0/sec)", "fuzz: elapsed: 61s, execs: 900 (0/sec)", "PASS"}, 60 * time.Second, StatusOK},
	} {
		var r engineReport
		for i, l := range c.lines {
			r.line(l, time.Duration(i)*time.Second)
		}
		if got := r.withoutInput(nil, c.budget); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// The engine's lines say who found a failure and when: a seed corpus entry
// by name, an input the engine wrote by path, executions extrapolated from
// the progress line before it.
func TestEngineReportReadsSeedAndEngineFailures(t *testing.T) {
	var r engineReport
	r.line("fuzz: elapsed: 3s, execs: 3000 (1000/sec), new interesting: 2 (total: 9)", 3*time.Second)
	r.line("failure while testing seed corpus entry: FuzzX/seed#7", 4*time.Second)
	r.line("    Failing input written to testdata/fuzz/FuzzX/4c7c", 5*time.Second)
	if len(r.seedFails) != 1 || r.seedFails[0] != "seed#7" || len(r.inputs) != 1 || r.inputs[0] != "testdata/fuzz/FuzzX/4c7c" {
		t.Errorf("seeds %q, inputs %q", r.seedFails, r.inputs)
	}
	if r.failAt != 4*time.Second || r.failExecs != 4000 {
		t.Errorf("first failure at %v after %d executions, want 4s and 4000", r.failAt, r.failExecs)
	}
}

// plantedReducer is the campaign's own Reducer with FuzzScanMatchesReference
// bound to a planted fault the real admit.Scan does not have (duplicate
// names admitted), so that a crasher of its go-fuzz or libFuzzer entry
// point really fails and is minimized and recorded.
func plantedReducer(t *testing.T, out string) Reducer {
	v, ok := spec.LookupVariant("FuzzScanMatchesReference/duplicates-admitted")
	if !ok {
		t.Fatal("no planted variant FuzzScanMatchesReference/duplicates-admitted")
	}
	b, err := v.Binding()
	if err != nil {
		t.Fatal(err)
	}
	return Reducer{Out: out, Options: findings.Request{Time: 20 * time.Second},
		Signer: func(Job) (*signer.Replay, error) { return signer.ForBinding(b), nil }}
}

const duplicateCrasher = `{"tool":{"name":"x","name":"y"},"pad":[1,2,3,"abc"]}`

// A go-fuzz crasher folder and a libFuzzer crash file go through the same
// pipeline as a native failure: read as bytes, minimized, recorded.
func TestCampaignTakesGoFuzzAndLibFuzzerCrashers(t *testing.T) {
	root := moduleRoot(t)
	for _, engine := range []string{EngineGoFuzz, EngineLibFuzzer} {
		t.Run(engine, func(t *testing.T) {
			runs := t.TempDir() // a folder per entry point, as nightly's artifacts hold them
			from := filepath.Join(runs, "FuzzScanMatchesReference")
			files := map[string]string{}
			switch engine {
			case EngineGoFuzz: // what go-fuzz leaves: crashers/SHA1, .output, .quoted
				from = filepath.Join(from, "crashers")
				files["4f2a"] = duplicateCrasher
				files["4f2a.output"] = "panic: admit: ...\n"
				files["4f2a.quoted"] = "\"...\"\n"
				files["notes.txt"] = "not a crasher: no .output beside it"
			case EngineLibFuzzer: // what libFuzzer leaves: crash-SHA1 beside other files
				files["crash-4f2a9b"] = duplicateCrasher
				files["fuzz-0.log"] = "not a crasher"
			}
			if err := os.MkdirAll(from, 0o755); err != nil {
				t.Fatal(err)
			}
			for name, data := range files {
				if err := os.WriteFile(filepath.Join(from, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			work := t.TempDir()
			rep, err := Run(context.Background(), Config{Root: root, Engine: engine, From: runs,
				Targets: []string{"FuzzScanMatchesReference"}, Workdir: work, Minimize: plantedReducer(t, filepath.Join(work, "findings"))})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Results) != 1 || rep.Results[0].Status != StatusFailed || len(rep.Results[0].Failures) != 1 {
				t.Fatalf("%+v, want one failure", rep.Results)
			}
			f := rep.Results[0].Failures[0]
			if f.Vector == nil || !f.Vector.Kept || f.Vector.Bytes == 0 || f.Vector.Bytes >= len(duplicateCrasher) ||
				!strings.Contains(f.Vector.Signature, "DuplicateMember") || f.By != ByEngine {
				t.Fatalf("failure %+v, vector %+v: want minimized with its signature kept", f, f.Vector)
			}
			vec, err := os.ReadFile(f.Vector.Path)
			if err != nil || !strings.Contains(string(vec), `"x"`) && !strings.Contains(string(vec), `""`) {
				t.Errorf("the vector %s: %v\n%s", f.Vector.Path, err, vec)
			}
		})
	}
}

// An engine without crasher files, a folder that is not there, a
// target without an entry point: errors, not empty campaigns.
func TestCrashersRefusesWhatIsNotThere(t *testing.T) {
	if _, err := Crashers(EngineGoFuzz, filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("Crashers of a missing folder: no error")
	}
	if _, err := Crashers(EngineNative, t.TempDir()); err == nil {
		t.Error("Crashers of the native engine: no error")
	}
	if _, err := entryPoints(Config{Targets: []string{"FuzzParse"}}); err == nil {
		t.Error("FuzzParse has no go-fuzz entry point: no error")
	}
}
