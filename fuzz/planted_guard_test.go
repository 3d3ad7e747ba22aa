package fuzz_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// guardAndCanonPlantedCases are the planted faults of the guard and
// argument canonicalization targets. Each check is the target's property
// with the faulty variant under test; real is the same property with the
// real target, so that only an input the real target passes counts as
// finding the planted fault (the real canonicalization failed on inputs
// of its own until cc27fc5: see docs/PLANTED-FAULTS.md).
//
// focus names the finding the fault is planted for (a duplicate member
// read two ways, an encoded dot segment surviving) and recognizes it, so
// the test also reports how soon the stream finds that one in particular.
func guardAndCanonPlantedCases() []struct {
	plantedCase
	real  func([]byte) error
	focus string
	is    func(in []byte, finding error) bool
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
	duplicate := func(in []byte, _ error) bool {
		return strings.HasPrefix(gen.GenerateMessage(in).Flaw, "duplicate")
	}
	dotSegment := func(_ []byte, finding error) bool {
		return strings.Contains(strings.ToLower(finding.Error()), "%2e")
	}
	type c = struct {
		plantedCase
		real  func([]byte) error
		focus string
		is    func(in []byte, finding error) bool
	}
	return []c{
		{plantedCase{"FuzzGuardForwardsOnlyWhatEveryParserReadsInside", "last duplicate wins, no admission (encoding/json)",
			guardData, randomData, onGuard(planted.GuardLastWins)}, onGuard(guard.Decide), "a generated duplicate member", duplicate},
		{plantedCase{"FuzzGuardForwardsOnlyWhatEveryParserReadsInside", "original bytes forwarded after a first-wins check",
			guardData, randomData, onGuard(planted.GuardForwardsInput)}, onGuard(guard.Decide), "a generated duplicate member", duplicate},
		{plantedCase{"FuzzArgumentCanonicalization", "path normalized before percent-decoding",
			canonData, randomData, onCanon(planted.CanonNormalizeThenDecode)}, onCanon(boundCanon), "an encoded dot segment", dotSegment},
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
			n, took, err = firstFinding(func(in []byte) error {
				if err := found(in); err != nil && c.is(in, err) {
					return err
				}
				return nil
			}, func() []byte { return c.next(r) }, plantedLimit)
			if n == 0 {
				t.Fatalf("%s does not find %q on %s in %d executions", c.target, c.fault, c.focus, plantedLimit)
			}
			t.Logf("%s finds %q on %s: %d further executions, %v: %.600v", c.target, c.fault, c.focus, n, took.Round(time.Microsecond), err)
		})
	}
}
