package jsonwire

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// Moved from targets/jcs (TestHasSpecial) with the function it tests.
func TestSpecials(t *testing.T) {
	for i := range 8 {
		for _, c := range []byte{0, 0x1f, '"', '\\'} {
			w := []byte("abcdefgh")
			w[i] = c
			if Specials(uint64(w[0])|uint64(w[1])<<8|uint64(w[2])<<16|uint64(w[3])<<24|
				uint64(w[4])<<32|uint64(w[5])<<40|uint64(w[6])<<48|uint64(w[7])<<56) == 0 {
				t.Errorf("Specials(%q) = 0", w)
			}
		}
	}
	if Specials(0x2121212121212121) != 0 || Specials(0xffffffffffffffff) != 0 || Specials(0x5d5d5d5d23232323) != 0 {
		t.Error("Specials reports a special byte in a word without one")
	}
}

// The lowest byte StopsForScalars and Specials flag is the first byte their
// tables say to stop at, and nothing is flagged in a word without one.
func TestStopsAgreeWithTheTables(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := []byte{0, 0x1f, ' ', '!', '"', '#', '[', '\\', ']', 'a', 0x7f, 0x80, 0xc3, 0xff}
	for range 200_000 {
		var b [8]byte
		for k := range b {
			b[k] = pick[r.IntN(len(pick))]
		}
		w := binary.LittleEndian.Uint64(b[:])
		for _, c := range []struct {
			name  string
			mask  uint64
			stops func(byte) bool
		}{
			{"StopsForScalars", StopsForScalars(w), func(c byte) bool { return !PlainASCII[c] }},
			{"FirstStopForScalars", FirstStopForScalars(w), func(c byte) bool { return !PlainASCII[c] }},
			{"Specials", Specials(w), func(c byte) bool { return Special[c] }},
		} {
			first := 8
			for k := range b {
				if c.stops(b[k]) {
					first = k
					break
				}
			}
			got := 8
			if c.mask != 0 {
				got = bits.TrailingZeros64(c.mask) >> 3
			}
			if got != first {
				t.Fatalf("%s(% x): first flagged byte %d, want %d", c.name, b, got, first)
			}
		}
	}
}

// SkipLiteral stops where a byte-by-byte walk over the Special table
// stops, from every offset of random inputs of every length up to three
// words, so the word step and the jump to the flagged byte inside a word
// agree with the table.
func TestSkipLiteralMatchesTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pick := []byte{0, 0x1f, ' ', '"', '#', '\\', ']', 'a', 0x7f, 0x80, 0xc3, 0xff}
	for range 20_000 {
		in := make([]byte, r.IntN(25))
		for k := range in {
			in[k] = 'a'
			if r.IntN(6) == 0 {
				in[k] = pick[r.IntN(len(pick))]
			}
		}
		for i := range len(in) + 1 {
			want := i
			for want < len(in) && !Special[in[want]] {
				want++
			}
			if got := SkipLiteral(in, i); got != want {
				t.Fatalf("SkipLiteral(%q, %d) = %d, want %d", in, i, got, want)
			}
		}
	}
}
