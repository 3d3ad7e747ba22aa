package matrix_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/matrix"
)

// openStudyExt starts the study's external implementations (matrix.ExtImpls,
// libraries no registry here serves, built outside this repository and
// listed in a folder's impls.txt). With $CANONFUZZ_STUDY_EXT set, as make
// matrix STUDY_EXT=DIR sets it, a missing one is a failure. Unset, the test
// looks in bin/ext, and when they are not there it returns the message the
// tests that need them skip with: the one skip of the study, since the
// project's files cannot install them. A
// list that names other implementations than matrix.ExtImpls, or one that
// does not start, is a failure either way.
func openStudyExt(t *testing.T) (impls []matrix.Impl, missing string) {
	t.Helper()
	dir, required := os.LookupEnv(matrix.ExtDirEnv)
	if !required {
		dir = matrix.ExtDir
	}
	impls, err := matrix.OpenExt("..", dir)
	if errors.Is(err, oracle.ErrNotInstalled) && !required {
		return nil, "this finding's implementation, an external one, is not installed (" + filepath.Join(dir, matrix.ExtList) +
			" is missing); " + matrix.ExtFix
	}
	if err != nil {
		matrix.CloseAll(impls)
		t.Fatalf("the study's external implementations (%s): %v", matrix.ExtFix, err)
	}
	var names []string
	for _, im := range impls {
		names = append(names, im.Name)
	}
	if !slices.Equal(names, matrix.ExtImpls) {
		matrix.CloseAll(impls)
		t.Fatalf("%s lists %q, matrix.ExtImpls says %q, in that order (format in docs/STUDY.md)", filepath.Join(dir, matrix.ExtList), names, matrix.ExtImpls)
	}
	return impls, ""
}

// TestStudyReports: every minimized departure of a canonicalizer in
// findings/study/ has its ready-to-file report in docs/study/reports/, and
// every report its vector (make matrix writes both; a rerun that drops one
// and not the other goes red here). The output pins of the partial
// divergences are whole inputs, reported through the admits findings.
func TestStudyReports(t *testing.T) {
	entries, err := findings.LoadStudy(filepath.Join("..", "findings", "study"))
	if err != nil {
		t.Fatal(err)
	}
	reports := filepath.Join("..", "docs", "study", "reports")
	want := map[string]bool{}
	for _, e := range entries {
		v := e.Vector
		if v.Target == "no-escalation" || strings.Contains(string(v.Signature), ":output:") {
			continue
		}
		rel := filepath.Join(v.Target, strings.TrimSuffix(filepath.Base(e.Path), ".vec")+".md")
		want[filepath.ToSlash(rel)] = true
		if _, err := os.Stat(filepath.Join(reports, rel)); err != nil {
			t.Errorf("%s has no report: %v (%s)", e.Path, err, matrix.ReportsFix)
		}
	}
	got, err := filepath.Glob(filepath.Join(reports, "*", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range got {
		rel, _ := filepath.Rel(reports, p)
		if !want[filepath.ToSlash(rel)] {
			t.Errorf("%s reports no finding of findings/study/ (%s)", p, matrix.ReportsFix)
		}
	}
	if len(want) == 0 {
		t.Error("no canonicalizer finding in findings/study/")
	}
}
