package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// The targets against the Node oracles: each a target of its own, since
// every execution is a round trip to three processes.

// FuzzCanonicalizeMatchesNode: FuzzCanonicalizeMatchesOracles against Node.
func FuzzCanonicalizeMatchesNode(f *testing.F) {
	check := native.Target(f, "FuzzCanonicalizeMatchesNode")
	f.Fuzz(func(t *testing.T, input []byte) { check(t, input) })
}

// FuzzCanonicalizeGeneratedValueMatchesNode: FuzzCanonicalizeGeneratedValue
// against Node.
func FuzzCanonicalizeGeneratedValueMatchesNode(f *testing.F) {
	check := native.Target(f, "FuzzCanonicalizeGeneratedValueMatchesNode")
	f.Fuzz(func(t *testing.T, data []byte) { check(t, data) })
}

// FuzzNumberFromBitsMatchesNode: FuzzNumberFromBits against Node, and
// Node's own String(x).
func FuzzNumberFromBitsMatchesNode(f *testing.F) {
	check := native.Target(f, "FuzzNumberFromBitsMatchesNode")
	f.Fuzz(func(t *testing.T, bits uint64) { check(t, bits) })
}
