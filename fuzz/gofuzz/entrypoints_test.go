//go:build gofuzz

package gofuzz

import (
	"slices"
	"testing"
)

// TestEntryPointsReplaySeeds (gofuzz tag only: go test -tags gofuzz
// ./fuzz/gofuzz) calls the entry points go-fuzz-build finds, by their own
// names (entries, generated beside them in fuzz.go), on their seeds: each
// exists for every name of EntryPoints, and
// none panics on a seed.
func TestEntryPointsReplaySeeds(t *testing.T) {
	var names []string
	for name := range entries {
		names = append(names, name)
	}
	slices.Sort(names)
	if !slices.Equal(names, EntryPoints()) {
		t.Fatalf("entry points %v, registry names %v", names, EntryPoints())
	}
	for _, name := range names {
		inputs, err := Seeds(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range inputs {
			if v := call(t, entries[name], in); v != nil {
				t.Errorf("%s: %v", name, v)
			}
		}
	}
}
