package mutation

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// Select returns the mutants this sweep runs: those Only matches, a sample
// of them, a shard of them, or for a
// quick sweep one per refusal kind of each target (the implementation's
// before its reference twin's; DropCheck first, then ReturnSuccess,
// SwapKind, the rest), skipping mutants that do not compile, constant
// changes (each a build of its own) and the reviewed equivalents.
func (p *Plan) Select(opts Options) []*Mutant {
	ms := p.Mutants
	if opts.Only != nil {
		ms = slices.DeleteFunc(slices.Clone(ms), func(m *Mutant) bool { return !opts.Only.MatchString(m.ID) })
	}
	if opts.Quick {
		ms = quickSelect(ms, opts.Equivalent)
	}
	if opts.Sample > 0 {
		ms = sample(ms, opts.Equivalent, opts.Sample, opts.SampleSeed)
	}
	return shardOf(ms, opts.Shard, opts.Shards)
}

// sample draws n of the mutants that type-check and are not reviewed
// equivalents, with a generator seeded by seed, and returns them in id
// order: the same tree, n and seed give the same sample.
func sample(ms []*Mutant, equivalent []Equivalent, n int, seed int64) []*Mutant {
	var valid []*Mutant
	for _, m := range ms {
		if _, eq := equivalentOf(equivalent, m); m.CompileErr == "" && !eq {
			valid = append(valid, m)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	rng.Shuffle(len(valid), func(i, j int) { valid[i], valid[j] = valid[j], valid[i] })
	valid = valid[:min(n, len(valid))]
	sort.Slice(valid, func(i, j int) bool { return valid[i].Num < valid[j].Num })
	return valid
}

// quickSelect keeps the best mutant of every refusal kind of each target,
// in order of the kinds.
func quickSelect(ms []*Mutant, equivalent []Equivalent) []*Mutant {
	rank := map[string]int{DropCheck: 0, ReturnSuccess: 1, SwapKind: 2, ShiftOffset: 3, ShiftCap: 4, ShiftLimit: 5}
	best := map[string]*Mutant{}
	var kinds []string
	for _, m := range ms {
		if _, eq := equivalentOf(equivalent, m); m.CompileErr != "" || !m.Schema || eq {
			continue
		}
		k := m.Site.Pkg.Path + " " + m.Site.Kind
		if b, ok := best[k]; !ok {
			kinds = append(kinds, k)
			best[k] = m
		} else if better(m, b, rank) {
			best[k] = m
		}
	}
	sort.Strings(kinds)
	var out []*Mutant
	for _, k := range kinds {
		out = append(out, best[k])
	}
	return out
}

// shardOf keeps every shards-th mutant from the shard-th (1-based); with
// one shard or none, all of them.
func shardOf(ms []*Mutant, shard, shards int) []*Mutant {
	if shards <= 1 {
		return ms
	}
	var out []*Mutant
	for i, m := range ms {
		if i%shards == shard-1 {
			out = append(out, m)
		}
	}
	return out
}

// better prefers the implementation to its slow reference twin, then the
// operator that silences the refusal most plainly.
func better(m, b *Mutant, rank map[string]int) bool {
	mr, br := strings.Contains(m.Site.File.Rel, "reference"), strings.Contains(b.Site.File.Rel, "reference")
	if mr != br {
		return br
	}
	return rank[m.Operator] < rank[b.Operator]
}
