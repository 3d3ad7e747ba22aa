package jcs

import (
	"cmp"
	"testing"
)

func TestCompareUTF16(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "a", -1},
		{"a", "b", -1},
		{"ab", "a", +1},
		{"\U0001F600", "\uE000", -1}, // D83D < E000: the seed's key-order case
		{"\uFFFF", "\U00010000", +1}, // FFFF > D800
		{"\uD7FF", "\U00010000", -1}, // D7FF < D800
		{"\u00e9", "e\u0301", +1},    // no normalization: 00E9 > 0065
		{"\U0001F600", "\U0001F601", -1},
		{"\uE000", "\uE001", -1},
		{"\x7f", "\u0080", -1},
		{"\u20ac", "\ufb33", -1}, // from the cyberphone weird.json case
	} {
		if got := compareUTF16([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("compareUTF16(%+q, %+q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := ReferenceCompareUTF16([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("ReferenceCompareUTF16(%+q, %+q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := comparePrefixes([]byte(c.a), []byte(c.b)); got != 0 && got != c.want {
			t.Errorf("sortPrefix orders %+q, %+q as %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// comparePrefixes is the first step of writer.compareMembers: the order of
// two names by their sortPrefix, 0 when that does not decide.
func comparePrefixes(a, b []byte) int {
	return cmp.Compare(sortPrefix(a), sortPrefix(b))
}

func TestSortPrefixDecides(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"a", "b", -1},
		{"😀", "", -1},
		{"abcdefgh1", "abcdefgh2", 0}, // past eight bytes: compareUTF16 decides
		{"a", "a\x00", 0},             // zero padding ties with a NUL byte
		{"", "\x01", -1},
	} {
		if got := comparePrefixes([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("comparePrefixes(%+q, %+q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
