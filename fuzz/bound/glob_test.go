package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzGlobMatchesReference: bound.CompileGlob against its RE2 translation,
// on a raw pattern and value.
func FuzzGlobMatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzGlobMatchesReference")
	f.Fuzz(func(t *testing.T, pattern, value string) { check(t, pattern, value) })
}

// FuzzGlobGeneratedMatchesReference: the same on generated patterns, with
// values derived from the pattern.
func FuzzGlobGeneratedMatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzGlobGeneratedMatchesReference")
	f.Fuzz(func(t *testing.T, data []byte) { check(t, data) })
}
