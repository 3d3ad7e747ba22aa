package jcs

import (
	"testing"
	"unicode/utf8"
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
		if got := referenceCompareUTF16([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("referenceCompareUTF16(%+q, %+q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func FuzzCompareUTF16MatchesReference(f *testing.F) {
	f.Add("\U0001F600", "\uE000")   // supplementary against high BMP
	f.Add("\uFFFF", "\U0010FFFF")   // the two largest of each kind
	f.Add("a\u00e9", "a\u00ea")     // differing continuation bytes
	f.Add("abc", "ab")              // a prefix
	f.Add("\uD7FF\uE000", "\uD7FF") // lead byte 0xED, just below the split
	f.Fuzz(func(t *testing.T, a, b string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return // names reach the comparison decoded and valid
		}
		got := compareUTF16([]byte(a), []byte(b))
		if want := referenceCompareUTF16([]byte(a), []byte(b)); got != want {
			t.Fatalf("compareUTF16(%+q, %+q) = %d, reference %d", a, b, got, want)
		}
	})
}
