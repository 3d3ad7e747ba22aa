package gofuzz

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestNightlyMatrixListsEveryEntryPoint: the nightly go-fuzz job runs one
// cluster per entry point, so its matrix must name exactly EntryPoints().
// (No YAML parser is a dependency of the module; the list is read as text.)
func TestNightlyMatrixListsEveryEntryPoint(t *testing.T) {
	data, err := os.ReadFile("../../.github/workflows/nightly.yml")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?m)^\s+entry:\n((?:\s+- \S+\n)+)`).FindSubmatch(data)
	if block == nil {
		t.Fatal("nightly.yml has no matrix entry list")
	}
	var got []string
	for _, m := range regexp.MustCompile(`- (\S+)`).FindAllSubmatch(block[1], -1) {
		got = append(got, string(m[1]))
	}
	slices.Sort(got)
	if !slices.Equal(got, EntryPoints()) {
		t.Fatalf("nightly.yml's go-fuzz matrix is %v, want %v", got, EntryPoints())
	}
}
