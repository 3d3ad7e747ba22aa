package jcs

import (
	"slices"
	"unicode/utf16"
)

// referenceCompareUTF16 is the slow twin of compareUTF16: both names turned
// into their UTF-16 code units and compared unit by unit, as RFC 8785
// section 3.2.3 states the rule.
func referenceCompareUTF16(a, b []byte) int {
	return slices.Compare(utf16.Encode([]rune(string(a))), utf16.Encode([]rune(string(b))))
}
