package fuzzscore

import (
	"errors"
	"slices"
	"testing"
	"time"

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
		{"replay hangs with the mutant: a confirmed hang", replayed{failed: true, timedOut: true}, pass, AttemptHung},
		{"replay hangs with the mutant and unmutated", replayed{failed: true, timedOut: true}, replayed{failed: true, timedOut: true}, AttemptTimeout},
		{"replay hangs unmutated", fail, replayed{failed: true, timedOut: true}, AttemptTimeout},
		{"the input did not run", replayed{failed: true, err: errors.New("did not run")}, pass, AttemptError},
	}
	for _, c := range cases {
		if got, _ := classify(c.with, c.without, time.Minute); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// A mutant is Killed only by a confirmed kill; a confirmed hang makes it
// a Timeout, never a kill; unconfirmed hangs and crashes alone leave it
// unjudged (RuntimeError).
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
		{"hung and crashed", []Trial{trial(false, AttemptTimeout, AttemptCrashed)}, "RuntimeError", 0},
		{"a confirmed hang", []Trial{{Hung: true, Attempts: []Attempt{{Target: "FuzzX", Status: AttemptHung}}}, trial(false, AttemptSurvived)}, mutation.Timeout, 0},
		{"a confirmed hang, then killed", []Trial{{Hung: true, Attempts: []Attempt{{Target: "FuzzX", Status: AttemptHung}}}, trial(true, AttemptKilled)}, mutation.Killed, 1},
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

// The blind spots are the mutants the tests detect and the fuzzers do
// not; both scores are Stryker's detected (killed or timed out), the
// fuzzers' timeouts confirmed hangs, counted apart from their kills.
func TestTallyListsTheBlindSpots(t *testing.T) {
	sc := &Score{Mutants: []*Mutant{
		{ID: "a", Status: mutation.Killed, TestsStatus: mutation.Killed},
		{ID: "b", Status: mutation.Survived, TestsStatus: mutation.Killed},
		{ID: "c", Status: mutation.NoCoverage, TestsStatus: mutation.Timeout},
		{ID: "d", Status: mutation.Killed, TestsStatus: mutation.Survived},
		{ID: "e", Status: "RuntimeError", TestsStatus: mutation.Killed},
		{ID: "f", Status: mutation.Ignored, TestsStatus: mutation.Ignored},
		{ID: "g", Status: mutation.Timeout, TestsStatus: mutation.Timeout},
	}}
	sc.tally()
	if want := []string{"b", "c"}; !slices.Equal(sc.BlindSpots, want) {
		t.Errorf("blind spots %v, want %v", sc.BlindSpots, want)
	}
	if want := []string{"d"}; !slices.Equal(sc.FuzzOnly, want) {
		t.Errorf("fuzz only %v, want %v", sc.FuzzOnly, want)
	}
	if sc.Fuzz != (Tally{Killed: 2, Timeout: 1, Valid: 5, Score: 60, Invalid: 2}) {
		t.Errorf("fuzz %+v", sc.Fuzz)
	}
	if sc.Tests.Killed != 3 || sc.Tests.Timeout != 2 || sc.Tests.Valid != 6 || sc.Tests.Invalid != 1 {
		t.Errorf("tests %+v", sc.Tests)
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
