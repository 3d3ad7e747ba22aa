package jsonwire

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// The word functions of words.go against their byte-at-a-time twins.

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// skipDigitsBytes is the byte-at-a-time twin of SkipDigits.
func skipDigitsBytes(b []byte, i int) int {
	for i < len(b) && isDigitByte(b[i]) {
		i++
	}
	return i
}

// firstFlagged is the byte a mask's lowest flag points at, 8 for none.
func firstFlagged(m uint64) int {
	if m == 0 {
		return 8
	}
	return bits.TrailingZeros64(m) >> 3
}

// Every byte value at every position of a word, under a run of the bytes
// the word function lets through and beside every kind of byte above it:
// the lowest flagged byte is the first one the byte test refuses, and a
// word of only accepted bytes has no flag.
func TestWordMasksAgreeWithBytesExhaustively(t *testing.T) {
	above := []byte{0, '\t', ' ', '"', '/', '0', '5', '9', ':', '\\', 0x7F, 0x80, 0xF9, 0xFA, 0xFF}
	for _, c := range []struct {
		name string
		mask func(uint64) uint64
		ok   func(byte) bool
		run  []byte // bytes ok accepts, to fill below the position
	}{
		{"NonDigits", NonDigits, isDigitByte, []byte("0123456789")},
		// The plain bytes next to each threshold: ' ' (0x20), '!', '#',
		// '[', ']', 0x7F, and some between.
		{"StopsForScalars", StopsForScalars, func(c byte) bool { return PlainASCII[c] }, []byte(" !#/09:[]a~\x7f")},
		{"FirstStopForScalars", FirstStopForScalars, func(c byte) bool { return PlainASCII[c] }, []byte(" !#/09:[]a~\x7f")},
	} {
		for p := range 8 {
			for v := range 256 {
				for _, a := range above {
					for _, r := range c.run {
						var b [8]byte
						for k := range p {
							b[k] = c.run[(k+int(r))%len(c.run)]
						}
						b[p] = byte(v)
						for k := p + 1; k < 8; k++ {
							b[k] = a
						}
						w := binary.LittleEndian.Uint64(b[:])
						m := c.mask(w)
						want := 8
						for k := range b {
							if !c.ok(b[k]) {
								want = k
								break
							}
						}
						if got := firstFlagged(m); got != want {
							t.Fatalf("%s(% x): first flagged byte %d, want %d", c.name, b, got, want)
						}
					}
				}
			}
		}
	}
}

// ParseEightDigits over every string of eight digits.
func TestParseEightDigitsExhaustively(t *testing.T) {
	if testing.Short() {
		t.Skip("10^8 words")
	}
	d := []byte("00000000")
	for want := range uint64(100_000_000) {
		if got := ParseEightDigits(binary.LittleEndian.Uint64(d)); got != want {
			t.Fatalf("ParseEightDigits(%q) = %d", d, got)
		}
		for k := 7; k >= 0; k-- { // the next string: add one
			if d[k] < '9' {
				d[k]++
				break
			}
			d[k] = '0'
		}
	}
}

// The run functions over every byte value at every offset of a run up to
// three words long, and over random texts of the bytes around a number and
// between tokens: the same offsets as the byte loops.
func TestRunsAgreeWithByteLoops(t *testing.T) {
	check := func(b []byte, i int) {
		t.Helper()
		if got, want := SkipDigits(b, i), skipDigitsBytes(b, i); got != want {
			t.Fatalf("SkipDigits(%q, %d) = %d, want %d", b, i, got, want)
		}
	}
	for _, fill := range []byte{'7', '0', '9'} {
		for n := range 26 {
			for p := range n {
				for v := range 256 {
					b := make([]byte, n)
					for k := range b {
						b[k] = fill
					}
					b[p] = byte(v)
					for i := range min(n+1, 3) {
						check(b, i)
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(20, 8))
	alphabet := []byte("0123456789 \t\n\r.eE+-,]}\"\x00\xff:/")
	for range 200_000 {
		b := make([]byte, r.IntN(40))
		for k := range b {
			if r.IntN(3) == 0 {
				b[k] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[k] = alphabet[r.IntN(14)] // digits and whitespace, in runs
			}
		}
		check(b, r.IntN(len(b)+1))
	}
	check(nil, 0)
	check([]byte("12"), 5) // past the end: returned as given, as the loops do
}

// AppendDigitsValue against strconv over every length up to 19 digits.
func TestAppendDigitsValue(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 19))
	for range 100_000 {
		n := 1 + r.IntN(19)
		d := make([]byte, n)
		for k := range d {
			d[k] = byte('0' + r.IntN(10))
		}
		split := r.IntN(n + 1)
		want, err := strconv.ParseUint(string(d), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendDigitsValue(AppendDigitsValue(0, d[:split]), d[split:]); got != want {
			t.Fatalf("AppendDigitsValue(%q | %q) = %d, want %d", d[:split], d[split:], got, want)
		}
	}
}
