package jcs

import "cmp"

// compareUTF16 orders two member names, given as their decoded UTF-8 bytes,
// by their UTF-16 code units, as RFC 8785 section 3.2.3 sorts members. It
// returns -1, 0 or +1.
//
// UTF-8 byte order is code point order, and code point order is UTF-16
// order except at one place: a character from U+E000 to U+FFFF is one code
// unit, greater than the high surrogate (U+D800..U+DBFF) that starts any
// character above U+FFFF. So at the first differing byte, a lead byte 0xEE or
// 0xEF (U+E000..U+FFFF) against a lead byte 0xF0..0xF4 (U+10000 and above)
// is decided the other way round; every other pair by its byte values. When
// the differing bytes are continuation bytes, the two characters share a
// lead byte and so a length, and byte order is right.
func compareUTF16(a, b []byte) int {
	n := min(len(a), len(b))
	for i := range n {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if x >= 0xEE && y >= 0xEE && (x >= 0xF0) != (y >= 0xF0) {
			if x >= 0xF0 {
				return -1 // a has the surrogate pair
			}
			return +1
		}
		return cmp.Compare(x, y)
	}
	return cmp.Compare(len(a), len(b))
}
