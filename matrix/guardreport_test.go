package matrix

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The committed guard report regenerates from its own matrix.json byte for
// byte: matrix.md is a function of matrix.json and the command that wrote
// it, and matrix.json holds every count the three-way judgement made (the
// rerun of the study itself needs the reference guard: make matrix-guards).
func TestCommittedGuardReportRegenerates(t *testing.T) {
	var rep GuardReport
	md := committedStudy(t, "guards", &rep)
	m := regexp.MustCompile("Produced by `([^`]*)`").FindSubmatch(md)
	if m == nil {
		t.Fatal("matrix.md names no command")
	}
	if got := rep.Markdown(string(m[1])); got != string(md) {
		t.Errorf("matrix.md is not what matrix.json writes (%d bytes, regenerated %d): rerun make matrix-guards", len(md), len(got))
	}
	sum := func(f func(GuardImplReport) int) (n int) {
		for _, ir := range rep.Implementations {
			n += f(ir)
		}
		return n
	}
	judged := sum(func(ir GuardImplReport) int { return ir.Violations + ir.Ambiguities + ir.Hardenings + ir.ModelWider })
	if departed := sum(func(ir GuardImplReport) int { return ir.Unsound + ir.OverRestrictive }); judged != departed || judged == 0 {
		t.Errorf("%d departures, %d judged by the readings of the text", departed, judged)
	}
}

// committedStudy reads the committed study docs/study/name: its
// matrix.json into rep, and its matrix.md, which it returns.
func committedStudy(t *testing.T, name string, rep any) []byte {
	t.Helper()
	dir := filepath.Join("..", "docs", "study", name)
	data, err := os.ReadFile(filepath.Join(dir, JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, rep); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, MDFile))
	if err != nil {
		t.Fatal(err)
	}
	return md
}
