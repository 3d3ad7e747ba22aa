package fuzzscore

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/canonfuzz/canonfuzz/mutation"
)

// A failing input is a kill only when it fails with the mutant on and
// passes on the unmutated build; every other case is named for what it is.
func TestClassifyKillsOnlyWhatTheUnmutatedBuildPasses(t *testing.T) {
	fail, pass := replayed{failed: true, out: "--- FAIL"}, replayed{}
	cases := []struct {
		name          string
		with, without replayed
		want          string
	}{
		{"confirmed", fail, pass, AttemptKilled},
		{"the unmutated build fails too", fail, fail, AttemptFailsUnmutated},
		{"does not fail again", pass, pass, AttemptNotReproduced},
		{"replay hangs with the mutant", replayed{failed: true, timedOut: true}, pass, AttemptTimeout},
		{"replay hangs unmutated", fail, replayed{failed: true, timedOut: true}, AttemptFailsUnmutated},
		{"replay hangs either way", replayed{failed: true, timedOut: true}, replayed{failed: true, timedOut: true}, AttemptFailsUnmutated},
		{"the input did not run", replayed{failed: true, err: errors.New("did not run")}, pass, AttemptError},
	}
	for _, c := range cases {
		if got, _ := classify(c.with, c.without); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// A mutant is Killed only by a confirmed kill; a hang makes it a Timeout,
// never a kill nor a survivor; crashes alone leave it unjudged
// (RuntimeError).
func TestDecideCountsOnlyConfirmedKills(t *testing.T) {
	trial := func(killed bool, statuses ...string) Trial {
		tr := Trial{Killed: killed}
		for _, s := range statuses {
			tr.Attempts = append(tr.Attempts, Attempt{Target: "FuzzX", Status: s})
		}
		return tr
	}
	cases := []struct {
		name   string
		trials []Trial
		want   string
		found  int
	}{
		{"killed in one of two", []Trial{trial(false, AttemptSurvived), trial(true, AttemptTimeout, AttemptKilled)}, mutation.Killed, 1},
		{"hung and crashed", []Trial{trial(false, AttemptTimeout, AttemptCrashed)}, mutation.Timeout, 0},
		{"hung in one, survived in the other", []Trial{trial(false, AttemptSurvived), trial(false, AttemptSurvived, AttemptTimeout)}, mutation.Timeout, 0},
		{"crashed", []Trial{trial(false, AttemptCrashed, AttemptError)}, "RuntimeError", 0},
		{"the unmutated build fails too", []Trial{trial(false, AttemptFailsUnmutated)}, mutation.Survived, 0},
		{"survived", []Trial{trial(false, AttemptSurvived, AttemptOverran)}, mutation.Survived, 0},
	}
	for _, c := range cases {
		m := &Mutant{Trials: c.trials}
		m.decide()
		if m.Status != c.want || m.Found != c.found {
			t.Errorf("%s: %s found %d, want %s found %d (%s)", c.name, m.Status, m.Found, c.want, c.found, m.Reason)
		}
	}
}

// The blind spots are the mutants the tests kill and the fuzzers do not;
// the fuzzers' score counts only kills, the tests' Stryker's detected.
func TestTallyListsTheBlindSpots(t *testing.T) {
	sc := &Score{Mutants: []*Mutant{
		{ID: "a", Status: mutation.Killed, TestsStatus: mutation.Killed},
		{ID: "b", Status: mutation.Survived, TestsStatus: mutation.Killed},
		{ID: "c", Status: mutation.NoCoverage, TestsStatus: mutation.Timeout},
		{ID: "d", Status: mutation.Killed, TestsStatus: mutation.Survived},
		{ID: "e", Status: "RuntimeError", TestsStatus: mutation.Killed},
		{ID: "f", Status: mutation.Ignored, TestsStatus: mutation.Ignored},
		{ID: "g", Status: mutation.Timeout, TestsStatus: mutation.Timeout},
		{ID: "h", Status: mutation.Timeout, TestsStatus: mutation.Survived},
	}}
	sc.tally()
	if want := []string{"b", "c"}; !slices.Equal(sc.BlindSpots, want) {
		t.Errorf("blind spots %v, want %v", sc.BlindSpots, want)
	}
	if want := []string{"d", "h"}; !slices.Equal(sc.FuzzOnly, want) {
		t.Errorf("fuzz only %v, want %v", sc.FuzzOnly, want)
	}
	// Stryker's score: detected (killed + timed out) over valid.
	for _, c := range []struct {
		side      string
		got, want Tally
	}{
		{"fuzz", sc.Fuzz, Tally{Killed: 2, Timeout: 2, Valid: 6, Score: 4. / 6 * 100, Invalid: 2}},
		{"tests", sc.Tests, Tally{Killed: 3, Timeout: 2, Valid: 7, Score: 5. / 7 * 100, Invalid: 1}},
	} {
		if math.Abs(c.got.Score-c.want.Score) > 1e-9 {
			t.Errorf("%s score %g, want %g", c.side, c.got.Score, c.want.Score)
		}
		if c.got.Score = c.want.Score; c.got != c.want {
			t.Errorf("%s %+v, want %+v", c.side, c.got, c.want)
		}
	}
}

// The vector canonfuzz minimize reports is read from its line, signature
// with its colons whole.
func TestMinimizedLine(t *testing.T) {
	line := "/w/in (go test fuzz v1): generated:rfc8785:kind:Scan=admitted,Reference=DuplicateMember: 120 -> 14 bytes in 1.2s (340 tries), new vector findings/FuzzX/abc.json\n"
	m := minimizedLine.FindStringSubmatch(line)
	if m == nil || m[1] != "generated:rfc8785:kind:Scan=admitted,Reference=DuplicateMember" || m[3] != "14" || m[4] != "findings/FuzzX/abc.json" {
		t.Fatalf("%q", m)
	}
}
