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

// Each part of the canonicalizer against its slow twin.

// FuzzCompareUTF16MatchesReference: the member order against its twin.
func FuzzCompareUTF16MatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzDecodeStringTokenMatchesJSONText: the string decoder against jsontext.
func FuzzDecodeStringTokenMatchesJSONText(f *testing.F) { native.Fuzz(f) }

// FuzzAppendNumberMatchesReference: the double formatter against its twin.
func FuzzAppendNumberMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzNumberTokenMatchesReference: the number token writer against the twin.
func FuzzNumberTokenMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzNumberTokenOfDoubleMatchesReference: the token writer on the digits
// serializers write.
func FuzzNumberTokenOfDoubleMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzAppendStringMatchesReference: the string writer against its twin.
func FuzzAppendStringMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzDecimalToFloatMatchesParseFloat: the Eisel-Lemire path against
// strconv.ParseFloat.
func FuzzDecimalToFloatMatchesParseFloat(f *testing.F) { native.Fuzz(f) }

// The canonicalizer against the Go oracles (the Node ones: node_test.go).

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
