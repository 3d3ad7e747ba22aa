package jcsfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

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
