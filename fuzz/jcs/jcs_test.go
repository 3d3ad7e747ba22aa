package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// TestMain stops the Node oracle processes the targets started.
func TestMain(m *testing.M) { native.Main(m) }

// FuzzCanonicalizeFixedPoint: RFC 8785's promises, under either profile.
func FuzzCanonicalizeFixedPoint(f *testing.F) {
	check := native.Target(f, "FuzzCanonicalizeFixedPoint")
	f.Fuzz(func(t *testing.T, input []byte, ijson bool) { check(t, input, ijson) })
}

// FuzzWriterNeverPanics: the writer on bytes admission never saw.
func FuzzWriterNeverPanics(f *testing.F) {
	check := native.Target(f, "FuzzWriterNeverPanics")
	f.Fuzz(func(t *testing.T, input []byte) { check(t, input) })
}

// FuzzCanonicalizeMatchesJSONText: jcs.Canonicalize against jsontext.
func FuzzCanonicalizeMatchesJSONText(f *testing.F) {
	check := native.Target(f, "FuzzCanonicalizeMatchesJSONText")
	f.Fuzz(func(t *testing.T, input []byte) { check(t, input) })
}
