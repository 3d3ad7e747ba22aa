package mutation

import (
	"regexp"
	"slices"
	"testing"
)

func mutantIDs(ms []*Mutant) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// TestSampleIsFixedBySeed: a sample draws N of the mutants that
// type-check and are not equivalent, the same N for the same seed, in id
// order, and the shards of a sample split it whole; Only filters first.
func TestSampleIsFixedBySeed(t *testing.T) {
	p := loadFixture(t, fixture)
	if err := p.Judge(); err != nil {
		t.Fatal(err)
	}
	eq := []Equivalent{{Mutant: p.Mutants[0].ID, Why: "for the test"}}
	a := p.Select(Options{Sample: 5, SampleSeed: 7, Equivalent: eq})
	b := p.Select(Options{Sample: 5, SampleSeed: 7, Equivalent: eq})
	if len(a) != min(5, len(p.Mutants)) || !slices.Equal(mutantIDs(a), mutantIDs(b)) {
		t.Fatalf("samples of one seed differ or are short: %v, %v", mutantIDs(a), mutantIDs(b))
	}
	if !slices.IsSortedFunc(a, func(x, y *Mutant) int { return x.Num - y.Num }) {
		t.Errorf("a sample out of order: %v", mutantIDs(a))
	}
	for _, m := range a {
		if m.CompileErr != "" || m.ID == p.Mutants[0].ID {
			t.Errorf("sampled %s, which does not compile or is equivalent", m.ID)
		}
	}
	other := p.Select(Options{Sample: 5, SampleSeed: 8, Equivalent: eq})
	if slices.Equal(mutantIDs(a), mutantIDs(other)) && len(p.Mutants) > 10 {
		t.Errorf("seeds 7 and 8 drew the same sample %v", mutantIDs(a))
	}
	var shards []string
	for i := 1; i <= 2; i++ {
		shards = append(shards, mutantIDs(p.Select(Options{Sample: 5, SampleSeed: 7, Equivalent: eq, Shard: i, Shards: 2}))...)
	}
	slices.Sort(shards)
	whole := mutantIDs(a)
	slices.Sort(whole)
	if !slices.Equal(shards, whole) {
		t.Errorf("the shards of the sample %v, want %v", shards, whole)
	}
	only := p.Select(Options{Only: regexp.MustCompile(`:DropCheck$`)})
	if len(only) == 0 {
		t.Fatal("no DropCheck mutant in the fixture")
	}
	for _, m := range only {
		if m.Operator != DropCheck {
			t.Errorf("--mutants :DropCheck$ kept %s", m.ID)
		}
	}
}

// TestSampleKeepsItsMutantsWhenOthersAreAdded: a sample of a tree with k
// mutants more draws at most k others (a whole-list shuffle re-drew almost
// every mutant of make fuzz-mutation's sample when a red-team pass added
// three), and a sampled mutant of the larger tree that the smaller tree
// holds is in the smaller tree's sample.
func TestSampleKeepsItsMutantsWhenOthersAreAdded(t *testing.T) {
	p := loadFixture(t, fixture)
	if err := p.Judge(); err != nil {
		t.Fatal(err)
	}
	all := slices.DeleteFunc(slices.Clone(p.Mutants), func(m *Mutant) bool { return m.CompileErr != "" })
	if len(all) < 12 {
		t.Fatalf("the fixture has %d mutants that compile, want 12 or more", len(all))
	}
	n := len(all) / 3
	for seed := int64(1); seed <= 20; seed++ {
		for _, k := range []int{1, 3} {
			fewer := slices.Clone(all)
			for i := range k { // drop every third mutant from the seed's offset
				fewer = slices.Delete(fewer, (int(seed)+3*i)%len(fewer), (int(seed)+3*i)%len(fewer)+1)
			}
			small, large := mutantIDs(sample(fewer, nil, n, seed)), mutantIDs(sample(all, nil, n, seed))
			if len(small) != n || len(large) != n {
				t.Fatalf("seed %d: samples of %d and %d, want %d", seed, len(small), len(large), n)
			}
			kept := 0
			for _, id := range large {
				if slices.Contains(small, id) {
					kept++
				} else if slices.ContainsFunc(fewer, func(m *Mutant) bool { return m.ID == id }) {
					t.Errorf("seed %d, k %d: %s is in the smaller tree but not in its sample", seed, k, id)
				}
			}
			if n-kept > k {
				t.Errorf("seed %d: %d mutants more re-drew %d of the sample of %d, want at most %d", seed, k, n-kept, n, k)
			}
		}
	}
}
