package minimize

import (
	"strconv"
	"unicode/utf8"
)

// The string stages: shorten strings (equal ones together first) and
// replace escapes by the characters they stand for. A string is split into
// units, an escape or a UTF-8 sequence each, so that no edit leaves half an
// escape behind.

// stringToken returns token k if it is a string, and the span of its
// content (without the quotes; to the end for an unterminated string).
func (r *reducer) stringToken(k int) (span, bool) {
	toks, _ := r.parsed()
	if k >= len(toks) || toks[k].kind != tokString {
		return span{}, false
	}
	t := toks[k]
	end := t.end
	if end-t.start >= 2 && r.best[end-1] == '"' && !escapedQuote(r.best[t.start:end]) {
		end--
	}
	return span{t.start + 1, end}, true
}

// escapedQuote reports whether the last quote of an unterminated string
// token s is escaped, i.e. not a closing quote.
func escapedQuote(s []byte) bool {
	i := 1
	for i < len(s)-1 {
		if s[i] == '\\' {
			i++
		}
		i++
	}
	return i != len(s)-1
}

// units splits string content into what strings and escapes treat as one
// character: an escape sequence, or a UTF-8 sequence (an invalid byte on
// its own). Spans are absolute offsets.
func units(b []byte, content span) []span {
	var us []span
	for i := content.start; i < content.end; {
		n := 1
		switch {
		case b[i] == '\\' && i+1 < content.end && b[i+1] == 'u':
			n = 2
			for n < 6 && i+n < content.end && isHex(b[i+n]) {
				n++
			}
		case b[i] == '\\' && i+1 < content.end:
			n = 2
		default:
			_, n = utf8.DecodeRune(b[i:content.end])
		}
		us = append(us, span{i, i + n})
		i += n
	}
	return us
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// shortenStrings shortens equal strings together (a duplicate name keeps
// being one), then removes characters from every string, in chunks of
// halving size, the whole content first.
func shortenStrings(r *reducer) {
	for shortenEqualStrings(r) {
	}
	var buf []byte
	eachStringToken(r, func(k int, us []span) {
		ok := true
		for size := len(us); size >= 1 && ok; size /= 2 {
			for i := 0; i < len(us) && !r.stopped(); {
				j := min(i+size, len(us))
				buf = splice(buf, r.best, span{us[i].start, us[j-1].end}, nil)
				if !r.try(buf) {
					i = j
					continue
				}
				if us, ok = r.stringUnits(k); !ok {
					break
				}
			}
		}
	})
}

// eachStringToken calls f with the index and the units of each string
// token of the best input in turn, reading the input again for each, until
// the tokens run out or the reducer stops.
func eachStringToken(r *reducer, f func(k int, us []span)) {
	for k := 0; !r.stopped(); k++ {
		if toks, _ := r.parsed(); k >= len(toks) {
			return
		}
		if us, ok := r.stringUnits(k); ok {
			f(k, us)
		}
	}
}

// stringUnits is the units of the k-th token of the best input, false
// when it is no string (any more).
func (r *reducer) stringUnits(k int) ([]span, bool) {
	content, ok := r.stringToken(k)
	if !ok {
		return nil, false
	}
	return units(r.best, content), true
}

// shortenEqualStrings tries, for each content that two or more strings
// share, the empty string and then its first character in all of them at
// once. It reports whether a candidate kept the signature.
func shortenEqualStrings(r *reducer) bool {
	toks, _ := r.parsed()
	groups := map[string][]span{}
	var order []string
	for k := range toks {
		content, ok := r.stringToken(k)
		if !ok || content.end == content.start {
			continue
		}
		key := string(r.best[content.start:content.end])
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], content)
	}
	var buf []byte
	for _, key := range order {
		spans := groups[key]
		if len(spans) < 2 || r.stopped() {
			continue
		}
		first := units([]byte(key), span{0, len(key)})[0]
		for _, with := range []string{"", key[:first.end]} {
			if len(with) == len(key) {
				continue
			}
			buf = buf[:0]
			at := 0
			for _, sp := range spans {
				buf = append(append(buf, r.best[at:sp.start]...), with...)
				at = sp.end
			}
			if buf = append(buf, r.best[at:]...); r.try(buf) {
				return true
			}
		}
	}
	return false
}

// replaceEscapes replaces each escape by the character it stands for,
// where that character may appear in a string unescaped.
func replaceEscapes(r *reducer) {
	var buf []byte
	eachStringToken(r, func(k int, us []span) {
		ok := true
		for i := 0; i < len(us) && !r.stopped(); i++ {
			lit, n := escapeLiteral(r.best, us[i:])
			if lit == nil {
				continue
			}
			buf = splice(buf, r.best, span{us[i].start, us[i+n-1].end}, lit)
			if !r.try(buf) {
				continue
			}
			if us, ok = r.stringUnits(k); !ok {
				break
			}
		}
	})
}

// escapeLiteral returns the UTF-8 literal of the escape starting us[0] and
// how many units it spans (two for a surrogate pair), or nil when the
// unit is no escape or its character must stay escaped.
func escapeLiteral(b []byte, us []span) ([]byte, int) {
	u := b[us[0].start:us[0].end]
	if len(u) < 2 || u[0] != '\\' {
		return nil, 0
	}
	if u[1] == '/' {
		return []byte{'/'}, 1
	}
	c, ok := hexEscape(u)
	if !ok {
		return nil, 0
	}
	n := 1
	if c >= 0xD800 && c < 0xDC00 && len(us) > 1 {
		if lo, ok := hexEscape(b[us[1].start:us[1].end]); ok && lo >= 0xDC00 && lo < 0xE000 {
			c, n = 0x10000+(c-0xD800)<<10+(lo-0xDC00), 2
		}
	}
	if c < 0x20 || c == '"' || c == '\\' || !utf8.ValidRune(c) {
		return nil, 0
	}
	return utf8.AppendRune(nil, c), n
}

// hexEscape decodes a complete \uXXXX unit.
func hexEscape(u []byte) (rune, bool) {
	if len(u) != 6 || u[0] != '\\' || u[1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(string(u[2:]), 16, 32)
	return rune(v), err == nil
}
