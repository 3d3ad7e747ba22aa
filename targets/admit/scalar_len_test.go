package admit

import "testing"

// TestScalarLenMatchesDecodeScalar: for every first byte from 0x80, every
// second and third byte, and fourth bytes at and around each boundary of
// a continuation byte, scalarLen gives the length decodeScalar gives, 0
// for a sequence it refuses (issue 20: scanString's one-word UTF-8 check).
func TestScalarLenMatchesDecodeScalar(t *testing.T) {
	in := make([]byte, 4)
	for c := 0x80; c <= 0xFF; c++ {
		for b1 := range 256 {
			for b2 := range 256 {
				for _, b3 := range []byte{0x00, 0x7F, 0x80, 0x9F, 0xBF, 0xC0, 0xFF} {
					in[0], in[1], in[2], in[3] = byte(c), byte(b1), byte(b2), b3
					w := uint32(in[0]) | uint32(in[1])<<8 | uint32(in[2])<<16 | uint32(in[3])<<24
					if _, size := decodeScalar(in, 0); scalarLen(w) != size {
						t.Fatalf("% x: scalarLen %d, decodeScalar %d", in, scalarLen(w), size)
					}
				}
			}
		}
	}
}
