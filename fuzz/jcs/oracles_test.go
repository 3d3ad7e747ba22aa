package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzCanonicalizeMatchesOracles: jcs.Canonicalize on raw bytes against
// the Go oracles.
func FuzzCanonicalizeMatchesOracles(f *testing.F) { native.Fuzz(f) }

// FuzzCanonicalizeGeneratedValue: writings of a generated value against
// the model and the Go oracles.
func FuzzCanonicalizeGeneratedValue(f *testing.F) { native.Fuzz(f) }

// FuzzNumberFromBits: jcs.AppendNumber against the model and the Go
// oracles.
func FuzzNumberFromBits(f *testing.F) { native.Fuzz(f) }

// FuzzLibraryMatchesJCS: a library of the study under test, jcs.Canonicalize
// its oracle; its variants are the study's real bugs.
func FuzzLibraryMatchesJCS(f *testing.F) { native.Fuzz(f) }
