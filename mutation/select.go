package mutation

import (
	"cmp"
	"encoding/binary"
	"hash/fnv"
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
// equivalents and returns them in id order: those whose ids rank lowest
// under a hash keyed by seed (FNV-1a of the seed and the id). The same
// tree, n and seed give the same sample, and a mutant keeps its place in
// a sample while others are added or removed: a tree with k mutants more
// draws at most k others, so a fuzz score measured on a sample stays
// comparable across commits that add refusal sites (a shuffle of the
// whole list re-drew every sample when one mutant was added).
func sample(ms []*Mutant, equivalent []Equivalent, n int, seed int64) []*Mutant {
	type ranked struct {
		m    *Mutant
		rank uint64
	}
	var valid []ranked
	for _, m := range ms {
		if _, eq := equivalentOf(equivalent, m); m.CompileErr == "" && !eq {
			valid = append(valid, ranked{m, sampleRank(seed, m.ID)})
		}
	}
	slices.SortFunc(valid, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.rank, b.rank), strings.Compare(a.m.ID, b.m.ID))
	})
	out := make([]*Mutant, 0, min(n, len(valid)))
	for _, r := range valid[:min(n, len(valid))] {
		out = append(out, r.m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Num < out[j].Num })
	return out
}

// sampleRank is a mutant's place in the samples of seed: FNV-1a over the
// seed's eight bytes and the id.
func sampleRank(seed int64, id string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(seed))
	h.Write(b[:])
	h.Write([]byte(id))
	return h.Sum64()
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
