//go:build lab || planted

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/canonfuzz/canonfuzz/mutation"
	"github.com/canonfuzz/canonfuzz/mutation/fuzzscore"
)

// mergeFuzzScores merges, when the reports are the fuzz score's shards
// (mutation --fuzz --shard I/N: a fuzz-score.json beside each
// report.json), their fuzz-score.json into out's fuzz-score.json and
// summary.md, and their tests' reports (tests/report.json) into out/tests.
// Nothing when no report has a fuzz-score.json; an error when some do and
// some do not (a sweep's shard merged with a fuzz score's).
func mergeFuzzScores(reports []string, out, bundle, command string) error {
	var scores []*fuzzscore.Score
	var tests []*mutation.Report
	for _, r := range reports {
		dir := filepath.Dir(r)
		sc, err := fuzzscore.ReadScore(filepath.Join(dir, "fuzz-score.json"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		scores = append(scores, sc)
		t, err := mutation.ReadReport(filepath.Join(dir, "tests", "report.json"))
		if err != nil {
			return fmt.Errorf("%s has a fuzz-score.json but no tests' report: %w", dir, err)
		}
		tests = append(tests, t)
	}
	switch {
	case len(scores) == 0:
		return nil
	case len(scores) != len(reports):
		return fmt.Errorf("%d of the %d reports have a fuzz-score.json beside them: merge the fuzz score's shards apart from the sweep's", len(scores), len(reports))
	}
	merged, err := fuzzscore.Merge(scores...)
	if err != nil {
		return err
	}
	mt, err := mutation.Merge(tests...)
	if err != nil {
		return fmt.Errorf("the tests' reports: %w", err)
	}
	if err := mt.WriteAll(filepath.Join(out, "tests"), bundle, mutation.MarkdownOptions{Command: command}); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	return merged.WriteScore(out)
}
