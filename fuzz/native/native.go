// Package native binds the registry of fuzz/property to Go's native fuzzing
// engine (testing.F): a fuzz target is one call to Target and one f.Fuzz
// whose function passes its arguments on, so that the property, its seeds
// and its oracles are written once, outside the test file.
//
//	func FuzzScanMatchesReference(f *testing.F) {
//		check := native.Target(f, "FuzzScanMatchesReference")
//		f.Fuzz(func(t *testing.T, input []byte) { check(t, input) })
//	}
package native

import (
	"fmt"
	"os"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Target looks name up in the registry, starts the oracles its property
// needs, adds every seed the catalogue has for it, and returns the check
// f.Fuzz's function calls with its arguments. It fails f for a name the
// registry does not hold, an oracle that does not start (never a skip),
// and a target without seeds.
func Target(f *testing.F, name string) func(t *testing.T, args ...any) {
	f.Helper()
	t, ok := property.Lookup(name)
	if !ok {
		f.Fatalf("native: %s is not in the registry of fuzz/property", name)
	}
	if err := t.Start(); err != nil {
		f.Fatalf("native: %s needs its oracles: %v", name, err)
	}
	b := t.Real()
	var list []seeds.Seed
	if plant == nil || !plant(f, name, &b, &list) {
		var err error
		if list, err = seeds.For(name); err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range list {
		if err := property.Fits(t.Params, s.Values); err != nil {
			f.Fatalf("native: seed %s of %s: %v", s.Name, name, err)
		}
		f.Add(s.Values...)
	}
	return func(tt *testing.T, args ...any) {
		tt.Helper()
		if v := b.Check(property.Input(args)); v != nil {
			tt.Fatal(v)
		}
	}
}

// plant, set only in a binary built with the planted tag (planted.go),
// binds the target to the planted fault the environment names and sets
// the seeds to add, reporting whether it set them; nil in every other build.
var plant func(f *testing.F, name string, b *property.Binding, list *[]seeds.Seed) bool

// Main runs the tests of a package of fuzz targets and then stops the
// oracle processes they started: func TestMain(m *testing.M) { native.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	if err := property.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "native: closing the oracles:", err)
	}
	os.Exit(code)
}
