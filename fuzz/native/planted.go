//go:build planted

package native

import (
	"os"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// The environment of a test binary built with the planted tag, as the
// efficacy benchmark (cmd/canonfuzz efficacy.go) runs it.
const (
	// PlantedEnv names the planted variant (spec.Variant.Name) the
	// fuzz target it belongs to is bound to instead of the real target.
	PlantedEnv = "CANONFUZZ_PLANTED"
	// SeedsEnv set to "withheld" adds no seed at all: the engine starts
	// from an empty corpus.
	SeedsEnv = "CANONFUZZ_SEEDS"
)

func init() {
	plant = plantFromEnv
	if os.Getenv(spec.ReadingEnv) == "raw" {
		spec.ReadRawOnly()
	}
}

// plantFromEnv binds the target to the variant PlantedEnv names, when it
// is a variant of this target, with its spec file's seeds and the
// variant's own after them (in that order, as spec.Variant.AllSeeds lists them
// for the campaign to find a failing seed#N), or none when SeedsEnv is
// "withheld". With no variant named and SeedsEnv "withheld", the real
// target gets no seed: the fuzz score of the mutation sweep
// (mutation/fuzzscore) fuzzes a mutant, chosen by CANONFUZZ_MUTANT, so.
// It fails f for a name planted does not know.
func plantFromEnv(f *testing.F, name string, b *spec.Binding, list *[]seeds.Seed) bool {
	want := os.Getenv(PlantedEnv)
	if want == "" {
		if os.Getenv(SeedsEnv) == "withheld" {
			*list = nil
			return true
		}
		return false
	}
	v, ok := spec.LookupVariant(want)
	if !ok {
		f.Fatalf("native: %s=%q names no planted variant", PlantedEnv, want)
	}
	if v.Target != name {
		return false
	}
	pb, err := v.Binding()
	if err != nil {
		f.Fatal(err)
	}
	*b = pb
	if os.Getenv(SeedsEnv) == "withheld" {
		*list = nil
		return true
	}
	if *list, err = v.AllSeeds(); err != nil {
		f.Fatal(err)
	}
	return true
}
