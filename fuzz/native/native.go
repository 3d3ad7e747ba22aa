// Package native binds the registry of fuzz/spec to Go's native fuzzing
// engine (testing.F): a fuzz target is one line, a call to Fuzz, so that
// the property, its arguments, its seeds and its oracles are written once,
// in its spec file, outside the test file.
//
//	func FuzzScanMatchesReference(f *testing.F) { native.Fuzz(f) }
package native

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Target looks name up in the registry, starts the oracles its property
// needs, adds every seed its spec file lists (spec.Target.AllSeeds), and returns the check
// f.Fuzz's function calls with its arguments. It fails f for a name the
// registry does not hold, an oracle that does not start (never a skip),
// and a target without seeds.
func Target(f *testing.F, name string) func(t *testing.T, args ...any) {
	f.Helper()
	t, ok := spec.Lookup(name)
	if !ok {
		f.Fatalf("native: %s is not in the registry of fuzz/spec", name)
	}
	if err := t.Start(); err != nil {
		f.Fatalf("native: %s needs its oracles: %v", name, err)
	}
	b := t.Real()
	var list []seeds.Seed
	if plant == nil || !plant(f, name, &b, &list) {
		var err error
		if list, err = spec.SeedsOf(name); err != nil {
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
		var v *property.Violation
		guardInput(func() { v = b.Check(property.Input(args)) })
		if v != nil {
			tt.Fatal(v)
		}
	}
}

// Fuzz runs the registry target named as the fuzz target f is (f.Name()):
// it adds the target's seeds and starts its oracles (Target), then hands
// Go's engine a function of exactly the registry's argument types, so the
// engine's corpus files are those of a hand-written f.Fuzz.
func Fuzz(f *testing.F) {
	f.Helper()
	check := Target(f, f.Name())
	t, _ := spec.Lookup(f.Name())
	in := []reflect.Type{reflect.TypeFor[*testing.T]()}
	for _, p := range t.Params {
		typ, ok := argTypes[p]
		if !ok {
			f.Fatalf("native: %s takes a %s, which has no Go type here", t.Name, p)
		}
		in = append(in, typ)
	}
	fn := reflect.MakeFunc(reflect.FuncOf(in, nil, false), func(args []reflect.Value) []reflect.Value {
		values := make([]any, len(args)-1)
		for i, a := range args[1:] {
			values[i] = a.Interface()
		}
		check(args[0].Interface().(*testing.T), values...)
		return nil
	})
	f.Fuzz(fn.Interface())
}

// argTypes are the Go types of the registry's argument types.
var argTypes = map[property.Param]reflect.Type{
	property.Bytes:  reflect.TypeFor[[]byte](),
	property.String: reflect.TypeFor[string](),
	property.Bool:   reflect.TypeFor[bool](),
	property.Uint8:  reflect.TypeFor[uint8](),
	property.Uint64: reflect.TypeFor[uint64](),
	property.Int:    reflect.TypeFor[int](),
}

// plant, set only in a binary built with the planted tag (planted.go),
// binds the target to the planted fault the environment names and sets
// the seeds to add, reporting whether it set them; nil in every other build.
var plant func(f *testing.F, name string, b *spec.Binding, list *[]seeds.Seed) bool

// Main runs the tests of a package of fuzz targets and then stops the
// oracle processes they started: func TestMain(m *testing.M) { native.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	if err := installed.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "native: closing the oracles:", err)
	}
	os.Exit(code)
}
