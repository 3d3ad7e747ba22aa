package fuzz_test

import "testing"

// seed is one curated input and what it probes.
type seed struct {
	input string
	probe string
}

// addSeeds adds every seed to f and fails f when there is none: a target
// without seeds replays nothing under go test.
func addSeeds(f *testing.F, seeds []seed) {
	f.Helper()
	if len(seeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range seeds {
		f.Add([]byte(s.input))
	}
}
