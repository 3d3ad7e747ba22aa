package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzCompareUTF16MatchesReference: the member order against its twin.
func FuzzCompareUTF16MatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzCompareUTF16MatchesReference")
	f.Fuzz(func(t *testing.T, a, b string) { check(t, a, b) })
}

// FuzzDecodeStringTokenMatchesJSONText: the string decoder against jsontext.
func FuzzDecodeStringTokenMatchesJSONText(f *testing.F) {
	check := native.Target(f, "FuzzDecodeStringTokenMatchesJSONText")
	f.Fuzz(func(t *testing.T, tok []byte) { check(t, tok) })
}

// FuzzAppendNumberMatchesReference: the double formatter against its twin.
func FuzzAppendNumberMatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzAppendNumberMatchesReference")
	f.Fuzz(func(t *testing.T, bits uint64) { check(t, bits) })
}

// FuzzNumberTokenMatchesReference: the number token writer against the twin.
func FuzzNumberTokenMatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzNumberTokenMatchesReference")
	f.Fuzz(func(t *testing.T, tok string) { check(t, tok) })
}

// FuzzNumberTokenOfDoubleMatchesReference: the token writer on the digits
// serializers write.
func FuzzNumberTokenOfDoubleMatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzNumberTokenOfDoubleMatchesReference")
	f.Fuzz(func(t *testing.T, bits uint64, digits uint8) { check(t, bits, digits) })
}

// FuzzAppendStringMatchesReference: the string writer against its twin.
func FuzzAppendStringMatchesReference(f *testing.F) {
	check := native.Target(f, "FuzzAppendStringMatchesReference")
	f.Fuzz(func(t *testing.T, s string, choice uint64) { check(t, s, choice) })
}

// FuzzDecimalToFloatMatchesParseFloat: the Eisel-Lemire path against
// strconv.ParseFloat.
func FuzzDecimalToFloatMatchesParseFloat(f *testing.F) {
	check := native.Target(f, "FuzzDecimalToFloatMatchesParseFloat")
	f.Fuzz(func(t *testing.T, w uint64, q int) { check(t, w, q) })
}
