package admit

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// scanString reads the string whose opening quote is at offset q and returns
// the offset after its closing quote; the bytes before offset i, at least
// q+1, are known to be plain ASCII (jsonwire.PlainASCII). Every byte is checked to be part of a
// Unicode scalar value (RFC 8785 section 3.1, RFC 7493 section 2.1) and, under
// IJSON, not a noncharacter. A member name is also entered in the open
// object's name set.
func (s *scanner) scanString(q, i int, name bool) (int, error) {
	in := s.in
	n := len(in)
	for {
		// in[i : i+8], not in[i:]: a slice that may be empty has its
		// pointer masked so as not to point past the input, six
		// instructions a word; one of length 8 needs none (issue 20).
		for i+8 <= n {
			if m := jsonwire.FirstStopForScalars(binary.LittleEndian.Uint64(in[i : i+8])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto special
			}
			i += 8
		}
		for i < n && jsonwire.PlainASCII[in[i]] {
			i++
		}
		if i >= n {
			return 0, s.fail(Syntax, WantStringEnd, n, "unexpected end of input inside a string")
		}
	special:
		switch c := in[i]; {
		case c == '"':
			if name {
				// Whether the name holds an escape is asked here,
				// once, not kept in a variable the loop carries
				// (issue 20: kept, it was stored and reloaded at
				// every word and every special byte).
				escaped := bytes.IndexByte(in[q+1:i], '\\') >= 0
				if err := s.enterName(q, i, escaped); err != nil {
					return 0, err
				}
			}
			return i + 1, nil
		case c == '\\':
			if i+1 < n && shortEscape[in[i+1]] {
				i += 2
				break
			}
			// A \u escape of a scalar value, or a surrogate pair of
			// them, is judged here without a call (issue 20); the
			// rest, and every refusal, by ReadEscape.
			if i+6 <= n && in[i+1] == 'u' {
				if u := unhex4(in[i+2 : i+6]); u >= 0 && (u < 0xD800 || u > 0xDFFF) {
					if !(s.ijson && isNoncharacter(u)) {
						i += 6
						break
					}
				} else if u >= 0xD800 && u <= 0xDBFF && i+12 <= n && in[i+6] == '\\' && in[i+7] == 'u' {
					if lo := unhex4(in[i+8 : i+12]); lo >= 0xDC00 && lo <= 0xDFFF {
						if r := 0x10000 + (u-0xD800)<<10 + (lo - 0xDC00); !(s.ijson && isNoncharacter(r)) {
							i += 12
							break
						}
					}
				}
			}
			// The targets' one escape decoder (RFC 8259 section 7,
			// a surrogate escape only as half of a pair, high then
			// low); under IJSON the character must not be a
			// noncharacter.
			r, next, err := jsonwire.ReadEscape(in, i)
			if err != nil {
				return 0, err
			}
			if s.ijson && isNoncharacter(r) {
				return 0, s.fail(Noncharacter, ByKind, i, "escaped noncharacter in a string")
			}
			i = next
		case c < 0x20:
			return 0, s.fail(StringNotScalar, ByKind, i, "raw control character in a string")
		default:
			// Under RFC 8785 the character's value is not needed, only
			// that the bytes encode one: judged from one word without
			// a call when the input holds four bytes (issue 20).
			if !s.ijson && i+4 <= n {
				if size := scalarLen(binary.LittleEndian.Uint32(in[i : i+4])); size != 0 { // length 4: no pointer mask
					i += size
					break
				}
			}
			r, size := decodeScalar(in, i)
			if size == 0 {
				return 0, s.fail(StringNotScalar, ByKind, i, "ill-formed UTF-8 in a string")
			}
			if s.ijson && isNoncharacter(r) {
				return 0, s.fail(Noncharacter, ByKind, i, "noncharacter in a string")
			}
			i += size
		}
		// Specials come in runs (escapes, non-ASCII text): take the next
		// one at once instead of through the eight-byte step.
		if uint(i) < uint(n) && !jsonwire.PlainASCII[in[i]] {
			goto special
		}
	}
}

// unhex4 returns the value of the four hex digits that begin h, or -1 if
// one of them is not a hex digit; small enough to inline.
func unhex4(h []byte) rune {
	_ = h[3]
	h0, h1, h2, h3 := jsonwire.Unhex[h[0]], jsonwire.Unhex[h[1]], jsonwire.Unhex[h[2]], jsonwire.Unhex[h[3]]
	if h0|h1|h2|h3 > 0xF {
		return -1
	}
	return rune(h0)<<12 | rune(h1)<<8 | rune(h2)<<4 | rune(h3)
}

// shortEscape marks the characters that may follow a backslash on their own
// (RFC 8259 section 7).
var shortEscape = func() (t [256]bool) {
	for _, c := range `"\/bfnrt` {
		t[c] = true
	}
	return t
}()

// decodeScalar decodes the UTF-8 sequence that starts with the byte at
// in[i] >= 0x80 and returns it with its length, or a length of 0 if the
// bytes are not the well-formed encoding of a Unicode scalar value (Unicode
// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
// It judges exactly as utf8.DecodeRune does, without its slow path's call.
func decodeScalar(in []byte, i int) (rune, int) {
	c := in[i]
	rest := len(in) - i
	switch {
	case c >= 0xC2 && c <= 0xDF:
		if rest >= 2 && in[i+1]&0xC0 == 0x80 {
			return rune(c&0x1F)<<6 | rune(in[i+1]&0x3F), 2
		}
	case c >= 0xE0 && c <= 0xEF:
		if rest < 3 {
			return 0, 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
		if b1, b2 := in[i+1], in[i+2]; b1 >= lo && b1 <= hi && b2&0xC0 == 0x80 {
			return rune(c&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3
		}
	case c >= 0xF0 && c <= 0xF4:
		if rest < 4 {
			return 0, 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
		if b1, b2, b3 := in[i+1], in[i+2], in[i+3]; b1 >= lo && b1 <= hi && b2&0xC0 == 0x80 && b3&0xC0 == 0x80 {
			return rune(c&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(b3&0x3F), 4
		}
	}
	return 0, 0
}

// scalarLen returns the length of the UTF-8 sequence that begins w (its
// first byte in the low byte, w's first byte at least 0x80) if it is the
// well-formed encoding of a Unicode scalar value, and 0 if not: what
// decodeScalar judges, from four bytes already loaded
// (TestScalarLenMatchesDecodeScalar). The lead byte gives the length and
// the second byte's range (utf8Leads), so that the length is not a branch
// (issue 20: on escapes, which mixes lengths at random, those branches
// were a seventh of the mispredicted ones).
func scalarLen(w uint32) int {
	l := utf8Leads[w&0xFF]
	if w&l.mask == l.want && uint8(w>>8)-l.lo <= l.span {
		return int(l.size)
	}
	return 0
}

// utf8Lead is what a lead byte says of its sequence (Unicode table 3-7):
// its length (0: no sequence starts so), the range lo to lo+span of its
// second byte, and mask and want, which its third and fourth bytes must
// match, each 10xxxxxx.
type utf8Lead struct {
	mask, want     uint32
	size, lo, span uint8
}

var utf8Leads = func() (t [256]utf8Lead) {
	for c := range t {
		l := utf8Lead{lo: 0xFF} // no second byte is in range: 0xFF - 0xFF <= 0 holds only for 0xFF, and size is 0
		switch {
		case c >= 0xC2 && c <= 0xDF:
			l = utf8Lead{size: 2, lo: 0x80, span: 0x3F}
		case c >= 0xE0 && c <= 0xEF:
			l = utf8Lead{size: 3, lo: 0x80, span: 0x3F, mask: 0xC00000, want: 0x800000}
			if c == 0xE0 {
				l.lo, l.span = 0xA0, 0x1F
			} else if c == 0xED {
				l.span = 0x1F
			}
		case c >= 0xF0 && c <= 0xF4:
			l = utf8Lead{size: 4, lo: 0x80, span: 0x3F, mask: 0xC0C00000, want: 0x80800000}
			if c == 0xF0 {
				l.lo, l.span = 0x90, 0x2F
			} else if c == 0xF4 {
				l.span = 0x0F
			}
		}
		t[c] = l
	}
	return t
}()

// isNoncharacter reports the 66 noncharacters of Unicode section 23.7:
// U+FDD0..U+FDEF and the last two code points of every plane.
func isNoncharacter(r rune) bool {
	return (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE
}

// scanName reads the member name whose opening quote is at offset q, as
// scanString(q, q+1, true) does. A name of at most eight bytes of plain ASCII,
// the common case (issue 20: most member names are 2 to 8 bytes, so the
// duplicate-name check costs per name, not per byte), is read from the one
// word that holds it and its closing quote, the word is its key, and it is
// entered into a small object's set here without enterName's call when
// the object's Bloom filter has not seen it; anything else goes through
// scanString.
func (s *scanner) scanName(q int) (int, error) {
	in := s.in
	i := q + 1
	if i+8 > len(in) {
		return s.scanString(q, i, true)
	}
	w := binary.LittleEndian.Uint64(in[i : i+8]) // a length-8 slice: no pointer mask (see scanString)
	var end int
	var key uint64
	if m := jsonwire.FirstStopForScalars(w); m != 0 {
		t := bits.TrailingZeros64(m)
		end = i + t>>3
		// The stop is w's byte t>>3: tested in the register, with
		// no load or bounds check of in[end] (issue 20).
		if byte(w>>(t&^7)) != '"' {
			return s.scanString(q, end, true)
		}
		key = w & (1<<(t&^7) - 1)
	} else {
		end = i + 8
		if end >= len(in) || in[end] != '"' {
			return s.scanLongName(q, end)
		}
		key = w
	}
	if !checkNames {
		return end + 1, nil
	}
	m := &s.stack[(s.depth-1)&depthMask].names
	ns := &s.names
	if !m.indexed && ns.count-m.entries < linearLimit {
		bit := uint64(1) << (key * bloomMul >> 58) // bloomMix(key, name)
		e := makeEntry(i, end-i, false)
		if m.seen&bit != 0 {
			switch prior := ns.searchWord(m, e, key); {
			case prior >= 0:
				return 0, s.duplicate(q, prior)
			case prior == searchEscaped:
				goto slow
			}
		}
		if !ns.pushCur(e) {
			ns.pushChunk(e)
		}
		m.seen |= bit
		return end + 1, nil
	}
slow:
	if err := s.enterName(q, end, false); err != nil {
		return 0, err
	}
	return end + 1, nil
}

// scanLongName reads the rest of the member name whose opening quote is at
// offset q and whose first eight bytes, up to offset i, are plain ASCII. A
// name of 9 to 16 bytes of plain ASCII is entered from a second word, with
// no pass through scanString (issue 20: there, whether a name holds an
// escape is asked at its end); anything else goes through scanString.
func (s *scanner) scanLongName(q, i int) (int, error) {
	in := s.in
	if i+8 <= len(in) {
		if m := jsonwire.FirstStopForScalars(binary.LittleEndian.Uint64(in[i : i+8])); m != 0 {
			if end := i + bits.TrailingZeros64(m)>>3; in[end] == '"' {
				if err := s.enterName(q, end, false); err != nil {
					return 0, err
				}
				return end + 1, nil
			}
		}
	}
	return s.scanString(q, i, true)
}

// searchEscaped is what searchWord returns when an earlier name holds an
// escape or is not in cur, and only add can decide.
const searchEscaped = -2

// searchWord looks for e, an unescaped name of at most eight bytes whose
// key is key, among the earlier names of the small object m after a Bloom
// hit (issue 20: one in sixteen names on api, most of them a collision),
// comparing each by length and key without a call: it returns the opening
// quote of the equal one, -1 if there is none, or searchEscaped. Each
// earlier name starts before e, so its word is within the input.
func (ns *nameSet) searchWord(m *nameMark, e nameEntry, key uint64) int {
	if m.entries < ns.curBase {
		return searchEscaped
	}
	mask := uint64(1)<<(8*e.count()) - 1
	for _, p := range ns.cur[m.entries-ns.curBase : ns.count-ns.curBase] {
		switch {
		case p>>offsetBits == e>>offsetBits: // the same count, unescaped
			if binary.LittleEndian.Uint64(ns.in[p.off():])&mask == key {
				return p.quote()
			}
		case p&escapedBit != 0:
			return searchEscaped
		}
	}
	return -1
}
