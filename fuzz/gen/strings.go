package gen

import (
	"strings"
	"unicode/utf8"
)

// Runes the string generator draws from by class. Each class is a place
// where canonicalizers have been seen to go wrong.
var (
	// escaped: the characters JSON must or may escape, and DEL, which it
	// must not.
	escaped = []rune{'"', '\\', '/', '\b', '\f', '\n', '\r', '\t', 0x00, 0x01, 0x1f, 0x7f}
	// bmpLow: below the surrogates, including the line separators that
	// JavaScript once could not hold in a string literal.
	bmpLow = []rune{0x80, 0xe9, 0xff, 0x7ff, 0x800, 0x2028, 0x2029, 0x301, 0xd7ff, 0xfeff}
	// bmpHigh: above the surrogates, where UTF-16 order and code-point
	// order part: every one of these sorts after a supplementary character
	// in UTF-16 and before it by code point.
	bmpHigh = []rune{0xe000, 0xe001, 0xf8ff, 0xfb01, 0xfffd, 0xffef, 0xff5e}
	// nonchars: noncharacters, which RFC 8785 admits and I-JSON refuses.
	nonchars = []rune{0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x10fffe, 0x10ffff}
	// supplementary: above U+FFFF, written as a surrogate pair in UTF-16.
	supplementary = []rune{0x10000, 0x1f600, 0x1d11e, 0x20000, 0xe0001, 0x10fffd, 0x1f1e6}
)

// namePool are member names whose order is easy to get wrong: prefixes of
// one another, index-like names that JavaScript objects list first, the
// prototype name, NUL, and the high-BMP and supplementary characters of
// the tables above.
var namePool = []string{
	"", "a", "b", "aa", "ab", "A", "10", "9", "1", "__proto__", "\x00", "a\x00",
	"\ue000", "\uffff", "\ufffd", "\U0001f600", "\U00010000", "\U0010ffff",
	"\u00e9", "e\u0301", "\ufb01", "\U0001f600a", "\ue000a",
}

// maxLong is the length, in runes, of the longest long string.
const maxLong = 4096

// rune draws one scalar value.
func (s *source) rune() rune {
	switch s.intn(8) {
	case 0:
		return 'a' + rune(s.intn(26))
	case 1:
		return 0x20 + rune(s.intn(0x5f))
	case 2:
		return escaped[s.intn(len(escaped))]
	case 3:
		return bmpLow[s.intn(len(bmpLow))]
	case 4:
		return bmpHigh[s.intn(len(bmpHigh))]
	case 5:
		return nonchars[s.intn(len(nonchars))]
	case 6:
		return supplementary[s.intn(len(supplementary))]
	default:
		r := rune(s.byte()<<16|s.byte()<<8|s.byte()) % (utf8.MaxRune + 1)
		if 0xd800 <= r && r <= 0xdfff {
			r ^= 0x800 // into U+D000..U+D7FF
		}
		return r
	}
}

// string draws a string: usually a few runes, sometimes a long run.
func (s *source) string() string {
	var b strings.Builder
	n := s.intn(12)
	if n == 11 { // a long string: a short pattern repeated
		pattern := s.string()
		if pattern == "" {
			pattern = "x"
		}
		reps := 1 + s.intn(maxLong)/utf8.RuneCountInString(pattern)
		return strings.Repeat(pattern, reps)
	}
	for range n {
		b.WriteRune(s.rune())
	}
	return b.String()
}

// name draws a member name: from the pool, a pool name extended, or a
// drawn string.
func (s *source) name() string {
	switch s.intn(4) {
	case 0:
		return namePool[s.intn(len(namePool))]
	case 1:
		return namePool[s.intn(len(namePool))] + string(s.rune())
	case 2:
		// a shared prefix with one character from either side of the
		// UTF-16/code-point divide
		if s.bool() {
			return "k" + string(bmpHigh[s.intn(len(bmpHigh))])
		}
		return "k" + string(supplementary[s.intn(len(supplementary))])
	default:
		return s.string()
	}
}
