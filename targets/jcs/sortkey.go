package jcs

import (
	"cmp"
	"encoding/binary"
)

// utf16Order maps each byte of UTF-8 to a byte whose order, compared at
// the first difference, is the UTF-16 code unit order of the characters
// (RFC 8785 section 3.2.3): the lead bytes of U+10000 and above (0xF0 to
// 0xF4, surrogate pairs in UTF-16) move below those of U+E000 to U+FFFF
// (0xEE, 0xEF). Every other byte keeps its value; see compareUTF16 for why
// that is enough.
var utf16Order = func() (t [256]byte) {
	for b := range 256 {
		t[b] = byte(b)
	}
	t[0xF0], t[0xF1], t[0xF2], t[0xF3], t[0xF4] = 0xEE, 0xEF, 0xF0, 0xF1, 0xF2
	t[0xEE], t[0xEF] = 0xF3, 0xF4
	return t
}()

// sortPrefix packs the first eight bytes of a decoded name, mapped by
// utf16Order, into an integer, zero padded: names whose prefixes differ
// are ordered by them alone, names whose prefixes are equal need
// compareUTF16.
func sortPrefix(name []byte) uint64 {
	var p uint64
	if len(name) >= 8 {
		p = binary.BigEndian.Uint64(name)
	} else {
		var b [8]byte
		copy(b[:], name)
		p = binary.BigEndian.Uint64(b[:])
	}
	if p&0x8080808080808080 == 0 { // no byte at or above 0x80
		return p // ASCII: every byte is its own order
	}
	var q uint64
	for i := 56; i >= 0; i -= 8 {
		q |= uint64(utf16Order[byte(p>>i)]) << i
	}
	return q
}

// compareMembers orders two members by their decoded names in UTF-16 code
// unit order, looking at the names themselves only when their prefixes tie.
func (w *writer) compareMembers(a, b *member) int {
	if c := cmp.Compare(a.prefix, b.prefix); c != 0 {
		return c
	}
	return compareUTF16(w.keyOf(a), w.keyOf(b))
}
