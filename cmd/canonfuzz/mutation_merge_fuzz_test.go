//go:build lab || planted

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/mutation"
	"github.com/canonfuzz/canonfuzz/mutation/fuzzscore"
)

const emptyReport = `{"schemaVersion":"2","thresholds":{"high":100,"low":95},"files":{}}`

// writeShard writes a fuzz score's shard folder: report.json, tests/ and,
// with mutants, fuzz-score.json.
func writeShard(t *testing.T, dir string, ids ...string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "tests"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"report.json", "tests/report.json"} {
		if err := os.WriteFile(filepath.Join(dir, p), []byte(emptyReport), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(ids) > 0 {
		sc := &fuzzscore.Score{Budget: 10, TrialsEach: 1}
		for _, id := range ids {
			sc.Mutants = append(sc.Mutants, &fuzzscore.Mutant{ID: id, Status: mutation.Survived, TestsStatus: mutation.Killed})
		}
		if err := sc.WriteScore(dir); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "report.json")
}

// `mutation merge` of the fuzz score's shards merges their fuzz-score.json
// and summary.md too, and refuses a fuzz score's shard beside a sweep's.
func TestMutationMergeJoinsTheFuzzScores(t *testing.T) {
	tmp := t.TempDir()
	bundle := filepath.Join(tmp, "bundle.js")
	if err := os.WriteFile(bundle, []byte("/* bundle */"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, b := writeShard(t, filepath.Join(tmp, "a"), "m1", "m2"), writeShard(t, filepath.Join(tmp, "b"), "m3")
	out := filepath.Join(tmp, "out")
	if code, _, errOut := runCmd(t, "", "mutation", "merge", "--out", out, "--bundle", bundle, a, b); code == exitUsage {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	sc, err := fuzzscore.ReadScore(filepath.Join(out, "fuzz-score.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Mutants) != 3 || len(sc.BlindSpots) != 3 {
		t.Errorf("merged score: %d mutants, blind spots %v; want 3 and 3", len(sc.Mutants), sc.BlindSpots)
	}
	summary, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil || !strings.Contains(string(summary), "`m3`") {
		t.Errorf("summary.md (%v) lacks m3:\n%s", err, summary)
	}
	if _, err := os.Stat(filepath.Join(out, "tests", "report.json")); err != nil {
		t.Errorf("the tests' report is not merged: %v", err)
	}
	sweep := writeShard(t, filepath.Join(tmp, "sweep"))
	code, _, errOut := runCmd(t, "", "mutation", "merge", "--out", filepath.Join(tmp, "mixed"), "--bundle", bundle, a, sweep)
	if code != exitUsage || !strings.Contains(errOut, "1 of the 2 reports have a fuzz-score.json") {
		t.Errorf("a fuzz shard merged with a sweep's: exit %d, %q", code, errOut)
	}
}
