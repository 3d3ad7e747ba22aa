package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzCanonicalizeMatchesOracles: jcs.Canonicalize on raw bytes against
// the Go oracles.
func FuzzCanonicalizeMatchesOracles(f *testing.F) {
	check := native.Target(f, "FuzzCanonicalizeMatchesOracles")
	f.Fuzz(func(t *testing.T, input []byte) { check(t, input) })
}

// FuzzCanonicalizeGeneratedValue: writings of a generated value against
// the model and the Go oracles.
func FuzzCanonicalizeGeneratedValue(f *testing.F) {
	check := native.Target(f, "FuzzCanonicalizeGeneratedValue")
	f.Fuzz(func(t *testing.T, data []byte) { check(t, data) })
}

// FuzzNumberFromBits: jcs.AppendNumber against the model and the Go
// oracles.
func FuzzNumberFromBits(f *testing.F) {
	check := native.Target(f, "FuzzNumberFromBits")
	f.Fuzz(func(t *testing.T, bits uint64) { check(t, bits) })
}
