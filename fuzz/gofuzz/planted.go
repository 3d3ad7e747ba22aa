//go:build planted

package gofuzz

import (
	"os"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// In a build with the planted tag (the efficacy benchmark's libFuzzer
// builds: GO_FUZZ_TAGS=planted scripts/libfuzzer-build.sh), the entry
// point of the target CANONFUZZ_PLANTED's variant belongs to checks that
// variant instead of the real target; every other entry point, and every
// run without the variable, checks the real one.
//
// CANONFUZZ_READING=raw (spec.ReadingEnv) turns the generated reading off.
func init() {
	if os.Getenv(spec.ReadingEnv) == "raw" {
		spec.ReadRawOnly()
	}
	want := os.Getenv("CANONFUZZ_PLANTED")
	if want == "" {
		return
	}
	v, ok := spec.LookupVariant(want)
	if !ok {
		panic("gofuzz: CANONFUZZ_PLANTED=" + want + " names no planted variant")
	}
	plant = func(t *spec.Target) spec.Binding {
		if t.Name != v.Target {
			return t.Real()
		}
		b, err := v.Binding()
		if err != nil {
			panic(err)
		}
		return b
	}
}
