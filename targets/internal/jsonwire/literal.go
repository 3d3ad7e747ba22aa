package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// This file finds the runs of a string token's bytes that stand for
// themselves (RFC 8259 section 7), eight bytes at a time: admission stops
// at every byte it must check (StopsForScalars), the canonicalizer at every
// byte it must rewrite (SkipLiteral).

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// Specials returns a mask with the high bit set in each byte of w that a
// string cannot hold raw or that ends a literal run: a byte below 0x20, a
// quote or a backslash; 0 if there is none. Bytes above the lowest flagged
// one may be flagged wrongly by a borrow, but the lowest flagged byte is
// always the first special byte, and no byte is flagged when none is
// special.
func Specials(w uint64) uint64 {
	q := w ^ ('"' * lows)
	bs := w ^ ('\\' * lows)
	// A byte below 0x20, a quote, a backslash; one expression, so that
	// SkipLiteral stays within the inlining budget.
	return ((w-0x20*lows)&^w | (q-lows)&^q | (bs-lows)&^bs) & highs
}

// StopsForScalars is Specials with every byte at or above 0x80 flagged
// too: the bytes that begin a UTF-8 sequence, which admission checks is a
// Unicode scalar value (RFC 8785 section 3.1).
func StopsForScalars(w uint64) uint64 {
	q := w ^ ('"' * lows)
	bs := w ^ ('\\' * lows)
	return ((w-0x20*lows)&^w | (q-lows)&^q | (bs-lows)&^bs | w) & highs // Specials(w) | w&highs in one mask
}

// FirstStopForScalars flags the first byte of w that StopsForScalars
// flags, and nothing in a word without one; bytes above it may be flagged
// wrongly (a borrow out of a flagged byte below), as with NonDigits, so
// only its trailing zeros are to be read. That lets it drop
// StopsForScalars' three &^ terms, each exact for every byte, for plain
// subtractions (issue 20: about six of twenty instructions a word): below
// the first stop no byte borrows, and a plain byte b gives b-0x20,
// (b^'"')-1 and (b^'\\')-1 all below 0x80. Admission's string loop and
// its name path read it.
func FirstStopForScalars(w uint64) uint64 {
	return ((w - 0x20*lows) | ((w ^ '"'*lows) - lows) | ((w ^ '\\'*lows) - lows) | w) & highs
}

// PlainASCII marks the bytes StopsForScalars does not flag: printable
// ASCII other than the quote and the backslash.
var PlainASCII = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Special marks the bytes Specials flags.
var Special = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'] = true
	t['\\'] = true
	return t
}()

// SkipLiteral returns the offset of the first special byte (Special) at or
// after i, or len(in). A word that holds one gives its offset directly (the
// lowest flagged byte of Specials is the first special byte): most strings
// end inside their first word, and walking to the quote byte by byte was
// most of SkipLiteral's 112 instructions a string on the api payload
// (docs/PERFORMANCE.md, "The goals, plainly").
func SkipLiteral(in []byte, i int) int {
	for ; i+8 <= len(in); i += 8 {
		if m := Specials(binary.LittleEndian.Uint64(in[i : i+8])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(in) && !Special[in[i]] {
		i++
	}
	return i
}
