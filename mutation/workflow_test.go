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
	data, err := os.ReadFile("../.github/workflows/release.yml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	n := regexp.MustCompile(`SHARDS: "(\d+)"`).FindStringSubmatch(text)
	list := regexp.MustCompile(`shard: \[([\d, ]+)\]`).FindStringSubmatch(text)
	if n == nil || list == nil {
		t.Fatal("release.yml has no SHARDS or no shard matrix")
	}
	shards, _ := strconv.Atoi(n[1])
	items := strings.Split(list[1], ",")
	if len(items) != shards {
		t.Fatalf("matrix %v, SHARDS %d", items, shards)
	}
	for i, it := range items {
		if strings.TrimSpace(it) != strconv.Itoa(i+1) {
			t.Fatalf("matrix %v is not 1..%d", items, shards)
		}
	}
	for _, want := range []string{`--shard "${{ matrix.shard }}/$SHARDS"`, "mutation merge", "mutation gremlins",
		"gh release upload", "report.json", "report.md", "report.html"} {
		if !strings.Contains(text, want) {
			t.Errorf("release.yml lacks %q", want)
		}
	}
}
