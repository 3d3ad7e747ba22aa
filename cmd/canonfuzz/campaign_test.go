//go:build lab || planted

package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// The campaign's reducer replays a failing input through the minimizer of
// the fuzz target that reported it: an input that does not fail is refused,
// and nothing is written.
func TestCampaignReducerRefusesAnInputThatDoesNotFail(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "passing")
	if err := os.WriteFile(input, []byte("go test fuzz v1\n[]byte(\"{}\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "findings")
	r := campaign.Reducer{Out: out, Options: findings.Request{Time: 10 * time.Second}}
	_, err := r.Minimize(context.Background(), campaign.Job{Name: "FuzzScanMatchesReference"},
		findings.Input{Values: []any{[]byte("{}")}, Format: minimize.FormatPlain, Source: input, Raw: []byte("{}")})
	if !errors.Is(err, minimize.ErrNoFailure) {
		t.Fatalf("err = %v, want minimize.ErrNoFailure", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("findings folder written for a passing input: %v", err)
	}
}

// Usage errors exit 2 before anything is built.
func TestCampaignCommandUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"campaign", "--time", "0s"},
		{"campaign", "--parallel", "0"},
		{"campaign", "extra-argument"},
		{"campaign", "--no-such-flag"},
		{"campaign", "--engine", "afl"},
		{"campaign", "--from", "work/gofuzz"},
		{"campaign", "--workers", "-1"},
	} {
		if code, _, stderr := runCmd(t, "", args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}

// `canonfuzz campaign --engine gofuzz --from DIR` takes a go-fuzz
// cluster's crashers through the minimizer: a crasher the real target
// passes is reported, not recorded, and the campaign exits 1.
func TestCampaignCommandTakesGoFuzzCrashers(t *testing.T) {
	dir := t.TempDir()
	crashers := filepath.Join(dir, "FuzzScanMatchesReference", "crashers")
	if err := os.MkdirAll(crashers, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"c0ffee": `{"a":1}`, "c0ffee.output": "panic: ...", "c0ffee.quoted": `"{}"`} {
		if err := os.WriteFile(filepath.Join(crashers, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	work, found := filepath.Join(dir, "work"), filepath.Join(dir, "findings")
	code, stdout, stderr := runCmd(t, "", "campaign", "--engine", "gofuzz", "--from", dir, "--targets", "FuzzScanMatchesReference",
		"--workdir", work, "--findings", found)
	if code != exitRefused || !strings.Contains(stdout, "does not fail") || !strings.Contains(stdout, "c0ffee") {
		t.Fatalf("exit %d, want 1 and the crasher reported as not failing\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(found); !os.IsNotExist(err) {
		t.Errorf("a vector recorded for a crasher that does not fail: %v", err)
	}
}

// `campaign --from` a folder that is not there is exit 2, not a campaign
// of "new failures", on every engine that takes one (issue 16).
func TestCampaignFromNowhereIsAnIOError(t *testing.T) {
	for _, engine := range []string{"gofuzz", "libfuzzer"} {
		work := t.TempDir()
		code, out, errOut := runCmd(t, "", "campaign", "--engine", engine, "--from", "/nonexistent",
			"--workdir", work, "--findings", filepath.Join(work, "findings"))
		if code != exitUsage || !strings.Contains(errOut, "/nonexistent") || strings.Contains(out, "new failures") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 naming /nonexistent", engine, code, out, errOut)
		}
		if _, err := os.Stat(filepath.Join(work, "findings")); err == nil {
			t.Errorf("%s: findings/ was written", engine)
		}
	}
}
