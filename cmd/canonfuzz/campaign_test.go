package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
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
	r := reducer{out: out, time: 10 * time.Second}
	_, err := r.Minimize(context.Background(), campaign.Target{Name: "FuzzScanMatchesReference"}, nil, input)
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
	} {
		if code, _, stderr := runCmd(t, "", args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}
