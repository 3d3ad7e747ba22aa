package jsonwire

import "testing"

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
