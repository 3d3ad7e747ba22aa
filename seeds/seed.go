package seeds

import (
	"fmt"
	"slices"
)

// Seed is one curated input.
type Seed struct {
	Name    string // unique within its target
	Comment string // what the seed probes
	Values  []any  // the f.Fuzz arguments after t: []byte, string, bool, uint8, uint64, int
}

// Source is a set of seeds read when a target is seeded, from files of the
// module or of a dependency, so that a vector folder is not copied here.
type Source struct {
	Comment string                 // what the files are
	Read    func() ([]Seed, error) // the seeds; an empty set is an error
}

// Target is a fuzz target and its seeds.
type Target struct {
	Name    string // FuzzX
	Seeds   []Seed
	Sources []Source
}

// bytesSeed is a seed of one []byte argument.
func bytesSeed(name, comment, input string) Seed {
	return Seed{Name: name, Comment: comment, Values: []any{[]byte(input)}}
}

// Catalogue lists every fuzz target's seeds, in a fixed order.
func Catalogue() []Target {
	var all []Target
	for _, area := range [][]Target{admitTargets(), jcsTargets(), digestTargets(), boundTargets(), guardTargets(), minimizeTargets()} {
		all = append(all, area...)
	}
	return all
}

// For returns every seed of the fuzz target name: the catalogue's and those
// its sources read. It fails for a target the catalogue does not have, a
// source that cannot be read or gives nothing, and an empty result: a
// target without seeds would replay nothing.
func For(name string) ([]Seed, error) {
	i := slices.IndexFunc(Catalogue(), func(t Target) bool { return t.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("seeds: the catalogue has no target %s", name)
	}
	t := Catalogue()[i]
	out := slices.Clone(t.Seeds)
	for _, src := range t.Sources {
		got, err := src.Read()
		if err == nil && len(got) == 0 {
			err = fmt.Errorf("no files")
		}
		if err != nil {
			return nil, fmt.Errorf("seeds: %s: %s: %w", name, src.Comment, err)
		}
		out = append(out, got...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("seeds: %s has no seeds: it would replay nothing", name)
	}
	return out, nil
}
