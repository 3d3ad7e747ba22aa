package admit

import (
	"strconv"
	"unicode/utf8"
)

// enterName enters the member name whose quotes are at offsets q and end into
// the innermost open object and refuses it if that object already has it.
func (s *scanner) enterName(q, end int, escaped bool) error {
	f := &s.stack[s.depth-1]
	e := nameEntry{off: q + 1, n: end - q - 1, aoff: -1}
	if escaped {
		e.aoff = len(s.names.arena)
		s.names.arena = appendUnescaped(s.names.arena, s.in[q+1:end])
		e.n = len(s.names.arena) - e.aoff
	}
	ns := &s.names
	m := &f.names
	name := ns.bytes(&e)
	e.key = ns.key(&e, name)
	if !m.indexed && len(ns.entries)-m.entries < linearLimit {
		// The common case, without a call: a small object whose Bloom
		// filter has not seen the name.
		bit := uint64(1) << (bloomMix(e.key, name) >> 58)
		if m.seen&bit == 0 {
			m.seen |= bit
			ns.entries = append(ns.entries, e)
			return nil
		}
	}
	if prior := ns.add(s.depth-1, m, e); prior >= 0 {
		return s.fail(DuplicateMember, q, "member name repeats the one at byte "+strconv.Itoa(prior))
	}
	return nil
}

// appendUnescaped appends the UTF-8 bytes that the body of a string stands
// for. The body has already been checked by scanString, so every escape in
// it is well formed and every surrogate escape is one half of a pair.
func appendUnescaped(dst, body []byte) []byte {
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		switch body[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := rune(hexValue(body[i+2 : i+6]))
			if r >= 0xD800 && r <= 0xDBFF {
				lo := rune(hexValue(body[i+8 : i+12]))
				r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
				i += 6
			}
			dst = utf8.AppendRune(dst, r)
			i += 6
			continue
		default: // '"', '\\', '/'
			dst = append(dst, body[i+1])
		}
		i += 2
	}
	return dst
}

func hexValue(h []byte) uint16 {
	var u uint16
	for _, c := range h {
		u = u<<4 | uint16(unhex[c])
	}
	return u
}
