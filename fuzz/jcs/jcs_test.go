package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// TestMain stops the Node oracle processes the targets started.
func TestMain(m *testing.M) { native.Main(m) }

// FuzzCanonicalizeFixedPoint: RFC 8785's promises, under either profile.
func FuzzCanonicalizeFixedPoint(f *testing.F) { native.Fuzz(f) }

// FuzzWriterNeverPanics: the writer on bytes admission never saw.
func FuzzWriterNeverPanics(f *testing.F) { native.Fuzz(f) }

// FuzzCanonicalizeMatchesJSONText: jcs.Canonicalize against jsontext.
func FuzzCanonicalizeMatchesJSONText(f *testing.F) { native.Fuzz(f) }
