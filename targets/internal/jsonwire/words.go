package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// This file reads the runs of a number token's digits eight bytes at a
// time (one little-endian word): whether RFC 8259 section 6 lets a byte of
// the run stand there is decided for eight bytes with a few word
// operations instead of eight compares and branches, and eight digits are
// read as one value with three multiplications. Each word function is held
// exhaustively to a byte-at-a-time twin (words_test.go).

// NonDigits returns a mask with the high bit set in each byte of w that is
// not an ASCII digit; 0 if all eight are digits. Every byte below the
// lowest flagged one is a digit, and the lowest flagged byte is the first
// byte that is not, so bits.TrailingZeros64(mask)>>3 is the length of the
// digit run that starts the word. Bytes above it may be flagged wrongly (a
// borrow or a carry out of the bytes below, which only a flagged byte
// makes).
func NonDigits(w uint64) uint64 {
	// x is each byte minus '0': a digit becomes 0 to 9, and adding 0x76
	// leaves it below 0x80; a byte below '0' borrows (its x is 0xD0 or
	// more) and one above '9' reaches 0x80 with the 0x76 or has x ≥ 0x80.
	x := w - '0'*lows
	return (x + 0x76*lows | x) & highs
}

// SkipDigits returns the offset of the first byte at or after i that is not
// an ASCII digit, or len(b).
func SkipDigits(b []byte, i int) int {
	if uint(i) > uint(len(b)) {
		return i
	}
	rest := b[i:]
	for len(rest) >= 8 {
		if m := NonDigits(binary.LittleEndian.Uint64(rest)); m != 0 {
			return len(b) - len(rest) + bits.TrailingZeros64(m)>>3
		}
		rest = rest[8:]
	}
	for k, c := range rest {
		if c < '0' || c > '9' {
			return len(b) - len(rest) + k
		}
	}
	return len(b)
}

// ParseEightDigits returns the value of the eight ASCII digits of w, the
// first digit in the lowest byte (a little-endian load of the text), for a
// w with NonDigits(w) == 0. Pairs, then quads, then the eight are combined
// by three multiplications (each step multiplies the lower unit by 10,
// 100 or 10000 and adds the upper one).
func ParseEightDigits(w uint64) uint64 {
	w -= '0' * lows
	w = (w*10 + w>>8) & 0x00FF00FF00FF00FF
	w = (w * (100<<16 + 1) >> 16) & 0x0000FFFF0000FFFF
	return w * (10000<<32 + 1) >> 32
}

// AppendDigitsValue returns v×10^len(d) plus the value of the ASCII
// digits d, eight at a time; the caller keeps the result below 2^64 (at
// most 19 digits in all).
func AppendDigitsValue(v uint64, d []byte) uint64 {
	for len(d) >= 8 {
		v = v*100_000_000 + ParseEightDigits(binary.LittleEndian.Uint64(d))
		d = d[8:]
	}
	for _, c := range d {
		v = v*10 + uint64(c-'0')
	}
	return v
}
