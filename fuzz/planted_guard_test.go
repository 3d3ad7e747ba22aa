package fuzz_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// guardAndCanonPlantedCases are the planted faults of the guard and
// argument canonicalization targets. Each check is the target's property
// with the faulty variant under test; real is the same property with the
// real target, so that only an input the real target passes counts as
// finding the planted fault (the real canonicalization fails on some
// inputs of its own: see docs/PLANTED-FAULTS.md).
func guardAndCanonPlantedCases() []struct {
	plantedCase
	real func([]byte) error
} {
	var guardData, canonData [][]byte
	for _, s := range guardSeeds {
		guardData = append(guardData, []byte(s.input))
	}
	for _, s := range canonSeeds {
		canonData = append(canonData, []byte(s.y))
	}
	onGuard := func(d decider) func([]byte) error {
		return func(in []byte) error { return guardOnRawAndGenerated(d, in) }
	}
	onCanon := func(c argCanonicalizer) func([]byte) error { // in as generator bytes, and as a value beside /srv/acme
		return func(in []byte) error { return argumentCanonicalization(c, in, string(in), "/srv/acme", false) }
	}
	type c = struct {
		plantedCase
		real func([]byte) error
	}
	return []c{
		{plantedCase{"FuzzGuardForwardsOnlyWhatEveryParserReadsInside", "last duplicate wins, no admission (encoding/json)",
			guardData, randomData, onGuard(planted.GuardLastWins)}, onGuard(guard.Decide)},
		{plantedCase{"FuzzGuardForwardsOnlyWhatEveryParserReadsInside", "original bytes forwarded after a first-wins check",
			guardData, randomData, onGuard(planted.GuardForwardsInput)}, onGuard(guard.Decide)},
		{plantedCase{"FuzzArgumentCanonicalization", "path normalized before percent-decoding",
			canonData, randomData, onCanon(planted.CanonNormalizeThenDecode)}, onCanon(boundCanon)},
	}
}

// TestPlantedGuardAndCanonFaultsAreFound is TestPlantedFaultsAreFound for
// the guard and argument canonicalization targets: each property finds
// its planted fault from the generated stream within plantedLimit
// executions, on an input the real target passes. It logs the executions,
// the time, and the first seed that finds the fault.
func TestPlantedGuardAndCanonFaultsAreFound(t *testing.T) {
	for _, c := range guardAndCanonPlantedCases() {
		t.Run(c.target+"/"+c.fault, func(t *testing.T) {
			found := func(in []byte) error {
				err := c.check(in)
				if err != nil && c.real(in) != nil {
					return nil // the real target fails here too: not the planted fault
				}
				return err
			}
			seedAt := -1
			for i, s := range c.seeds {
				if found(s) != nil {
					seedAt = i
					break
				}
			}
			r := rand.New(rand.NewPCG(8785, 3246))
			n, took, err := firstFinding(found, func() []byte { return c.next(r) }, plantedLimit)
			if n == 0 {
				t.Fatalf("%s does not find %q in %d executions", c.target, c.fault, plantedLimit)
			}
			t.Logf("%s finds %q: generated stream %d executions, %v; first seed to find it: %d of %d",
				c.target, c.fault, n, took.Round(time.Microsecond), seedAt, len(c.seeds))
			t.Logf("the finding: %.600v", err)
		})
	}
}
