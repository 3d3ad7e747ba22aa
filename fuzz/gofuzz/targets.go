package gofuzz

import (
	"slices"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// entryPoints are the fuzz targets of fuzz/property's registry that have a
// go-fuzz and libFuzzer entry point in fuzz.go: the cheap raw-bytes and
// two-string targets a cluster or ClusterFuzzLite runs for hours. An entry
// point is its registry target, the same property on the same arguments,
// read from the engine's bytes with property.FromBytes.
var entryPoints = []string{
	"FuzzScanMatchesReference",
	"FuzzCanonicalizeMatchesOracles",
	"FuzzDigestRequestInvariant",
	"FuzzGlobMatchesReference",
}

// EntryPoints returns the names of the go-fuzz entry points, sorted.
func EntryPoints() []string {
	names := slices.Clone(entryPoints)
	slices.Sort(names)
	return names
}

// plant, set only in a build with the planted tag (planted.go), binds
// the target to the planted fault CANONFUZZ_PLANTED names.
var plant func(t *property.Target) property.Binding

// run checks the registry target name on data, as go-fuzz and libFuzzer
// hand it: a property that does not hold panics with its
// *property.Violation, whose message quotes the full input, which the
// engines record as a crasher. It returns 0, go-fuzz's "nothing special":
// every input may be mutated further.
func run(name string, data []byte) int {
	t, ok := property.Lookup(name)
	if !ok {
		panic("gofuzz: " + name + " is not in the registry of fuzz/property")
	}
	b := t.Real()
	if plant != nil {
		b = plant(t)
	}
	if v := b.Check(t.FromBytes(data)); v != nil {
		panic(v)
	}
	return 0
}
