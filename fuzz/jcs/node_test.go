package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// The targets against the Node oracles: each a target of its own, since
// every execution is a round trip to three processes.

// FuzzCanonicalizeMatchesNode: FuzzCanonicalizeMatchesOracles against Node.
func FuzzCanonicalizeMatchesNode(f *testing.F) { native.Fuzz(f) }

// FuzzCanonicalizeGeneratedValueMatchesNode: FuzzCanonicalizeGeneratedValue
// against Node.
func FuzzCanonicalizeGeneratedValueMatchesNode(f *testing.F) { native.Fuzz(f) }

// FuzzNumberFromBitsMatchesNode: FuzzNumberFromBits against Node, and
// Node's own String(x).
func FuzzNumberFromBitsMatchesNode(f *testing.F) { native.Fuzz(f) }
