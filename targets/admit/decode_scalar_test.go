package admit

import (
	"testing"
	"unicode/utf8"
)

// decodeScalar must judge every byte sequence exactly as utf8.DecodeRune
// does, since the package documentation promises that judgement. All one-,
// two- and three-byte sequences are checked, and every four-byte lead with
// every second byte.
func TestDecodeScalarMatchesUTF8(t *testing.T) {
	check := func(b []byte) {
		t.Helper()
		r, size := decodeScalar(b, 0)
		wr, wsize := utf8.DecodeRune(b)
		if wsize == 1 && wr == utf8.RuneError {
			wr, wsize = 0, 0 // ill-formed
		}
		if r != wr || size != wsize {
			t.Fatalf("% x: decodeScalar = (%U, %d), utf8.DecodeRune = (%U, %d)", b, r, size, wr, wsize)
		}
	}
	for c0 := 0x80; c0 < 0x100; c0++ {
		check([]byte{byte(c0)})
		for c1 := 0; c1 < 0x100; c1++ {
			check([]byte{byte(c0), byte(c1)})
			for c2 := 0; c2 < 0x100; c2++ {
				check([]byte{byte(c0), byte(c1), byte(c2)})
			}
			if c0 >= 0xF0 {
				for _, c3 := range []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xFF} {
					for _, c2 := range []byte{0x00, 0x80, 0xBF, 0xC0} {
						check([]byte{byte(c0), byte(c1), c2, c3})
					}
				}
			}
		}
	}
}
