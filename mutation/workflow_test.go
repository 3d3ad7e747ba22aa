package mutation

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReleaseShardsCoverTheSweep: the release workflow's matrix names
// shards 1..SHARDS, each once, so the merged report holds every mutant;
// and it attaches the three reports. (No YAML parser is a dependency of the
// module; the file is read as text. actionlint checks it in make test.)
func TestReleaseShardsCoverTheSweep(t *testing.T) {
	checkShardMatrix(t, "release.yml", `--shard "${{ matrix.shard }}/$SHARDS"`, "mutation merge", "mutation gremlins",
		"gh release upload", "report.json", "report.md", "report.html")
}

// TestFuzzMutationShardsCoverTheSweep: the fuzz score's weekly workflow
// fans every mutant out the same way, uploads each shard's fuzz-score.json
// and tests' report, and merges them.
func TestFuzzMutationShardsCoverTheSweep(t *testing.T) {
	checkShardMatrix(t, "fuzz-mutation.yml", `--fuzz --shard "${{ matrix.shard }}/$SHARDS"`, "schedule:",
		"work/shard/fuzz-score.json", "work/shard/tests/report.json", "mutation merge --out work/fuzz-mutation work/shards/*/report.json",
		"mutation stats")
}

// checkShardMatrix checks that the workflow's matrix names shards
// 1..SHARDS, each once, and that it holds each of wants.
func checkShardMatrix(t *testing.T, workflow string, wants ...string) {
	t.Helper()
	data, err := os.ReadFile("../.github/workflows/" + workflow)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	n := regexp.MustCompile(`SHARDS: "(\d+)"`).FindStringSubmatch(text)
	list := regexp.MustCompile(`shard: \[([\d, ]+)\]`).FindStringSubmatch(text)
	if n == nil || list == nil {
		t.Fatalf("%s has no SHARDS or no shard matrix", workflow)
	}
	shards, _ := strconv.Atoi(n[1])
	items := strings.Split(list[1], ",")
	if len(items) != shards {
		t.Fatalf("%s: matrix %v, SHARDS %d", workflow, items, shards)
	}
	for i, it := range items {
		if strings.TrimSpace(it) != strconv.Itoa(i+1) {
			t.Fatalf("%s: matrix %v is not 1..%d", workflow, items, shards)
		}
	}
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q", workflow, want)
		}
	}
}
