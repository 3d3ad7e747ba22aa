package fuzzscore

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/mutation"
)

func shard(start time.Time, secs float64, mutants ...*Mutant) *Score {
	sc := &Score{Started: start, Seconds: secs, Budget: 10, TrialsEach: 2, Load: "1.0 1.0 1.0", Mutants: mutants}
	sc.tally()
	return sc
}

// Shards merge to the whole: every mutant once, both sides tallied over
// all, the blind spots of every shard.
func TestMergeJoinsTheShards(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	a := shard(t0.Add(time.Minute), 30,
		&Mutant{ID: "b", Status: mutation.Killed, TestsStatus: mutation.Killed},
		&Mutant{ID: "c", Status: mutation.Survived, TestsStatus: mutation.Killed})
	b := shard(t0, 20, &Mutant{ID: "a", Status: mutation.NoCoverage, TestsStatus: mutation.Killed})
	m, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, mu := range m.Mutants {
		ids = append(ids, mu.ID)
	}
	if !slices.Equal(ids, []string{"a", "b", "c"}) || m.Fuzz.Killed != 1 || m.Fuzz.Valid != 3 || m.Tests.Killed != 3 ||
		!slices.Equal(m.BlindSpots, []string{"a", "c"}) || !m.Started.Equal(t0) || m.Seconds != 50 {
		t.Errorf("merged: mutants %v, fuzz %+v, tests %+v, blind spots %v, started %v, %g s", ids, m.Fuzz, m.Tests, m.BlindSpots, m.Started, m.Seconds)
	}
	if !strings.Contains(m.Summary(), "fuzzers 33.3% (1/3 killed") {
		t.Errorf("summary headline: %s", m.Headline())
	}
	if _, err := Merge(a, a); err == nil || !strings.Contains(err.Error(), "overlapping shards") {
		t.Errorf("Merge of a shard with itself: %v, want overlapping shards", err)
	}
	b.Budget = 5
	if _, err := Merge(a, b); err == nil || !strings.Contains(err.Error(), "not shards of one run") {
		t.Errorf("Merge of two budgets: %v, want not shards of one run", err)
	}
}
