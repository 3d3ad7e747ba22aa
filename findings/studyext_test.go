package findings_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/matrix"
)

// openStudyExt starts the study's external implementations (matrix.ExtImpls,
// built by make study-ext from fetched sources no registry serves). With
// $CANONFUZZ_STUDY_EXT set, as make matrix sets it, a missing one is a
// failure. Unset, the test looks in bin/ext, and when they were never built
// there it returns the message the tests that need them skip with: the one
// skip of the study, since the project's files cannot install them. A
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
		return nil, "the study's external implementations are not built here (" + filepath.Join(dir, matrix.ExtList) +
			" is missing): make matrix EXT=/path/to/sources builds them and runs this test; " + matrix.ExtFix
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
		t.Fatalf("%s lists %q, matrix.ExtImpls says %q: rebuild with make study-ext", filepath.Join(dir, matrix.ExtList), names, matrix.ExtImpls)
	}
	return impls, ""
}
