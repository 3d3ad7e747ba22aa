package minimize

import (
	"sort"
	"strconv"
	"unicode/utf8"
)

// The JSON stages edit whole members, elements, strings and scalars, found
// by the tolerant tokenizer in tokens.go. A provenance object's hops, a
// bound's rules and a rule's arguments are elements and members like any
// other, so drop-items drops them and strings shortens their operands.

// parsed returns the tokens and containers of r.best, computed again only
// after the best input changed.
func (r *reducer) parsed() ([]token, []container) {
	if !r.parseValid {
		r.toks = tokenize(r.best)
		r.containers = structure(r.best, r.toks)
		r.parseValid = true
	}
	return r.toks, r.containers
}

// containerFrom returns the first container whose opening bracket is at or
// after offset open.
func (r *reducer) containerFrom(open int) (container, bool) {
	_, cs := r.parsed()
	i := sort.Search(len(cs), func(i int) bool { return cs[i].open >= open })
	if i == len(cs) {
		return container{}, false
	}
	return cs[i], true
}

// splice returns b with [s.start, s.end) replaced by with, in buf.
func splice(buf, b []byte, s span, with []byte) []byte {
	buf = append(buf[:0], b[:s.start]...)
	buf = append(buf, with...)
	return append(buf, b[s.end:]...)
}

// dropSpan is the bytes to remove to drop items [i, j) of c with one of the
// commas around them, so that valid JSON stays valid.
func dropSpan(c container, i, j int) span {
	switch {
	case j < len(c.items):
		return span{c.items[i].all.start, c.items[j].all.start}
	case i > 0:
		return span{c.items[i-1].all.end, c.items[j-1].all.end}
	default:
		return span{c.items[0].all.start, c.items[j-1].all.end}
	}
}

// dropItems visits every container in order and drops its items in chunks
// of halving size, all of them first.
func dropItems(r *reducer) {
	var buf []byte
	for open := 0; !r.stopped(); {
		c, ok := r.containerFrom(open)
		if !ok {
			return
		}
		open = c.open
		for size := len(c.items); size >= 1 && ok; size /= 2 {
			for i := 0; i < len(c.items) && !r.stopped(); {
				j := min(i+size, len(c.items))
				buf = splice(buf, r.best, dropSpan(c, i, j), nil)
				if !r.try(buf) {
					i = j
					continue
				}
				if c, ok = r.containerFrom(open); !ok || c.open != open {
					ok = false
					break
				}
			}
		}
		open++
	}
}

// unwrap replaces each container by the value of one of its items, or an
// object by the array of its values (which keeps the nesting depth), an
// empty container by 0, and
// tries again at the same place after a success, since the value may be a
// container itself.
func unwrap(r *reducer) {
	var buf, values []byte
	for open := 0; !r.stopped(); {
		c, ok := r.containerFrom(open)
		if !ok {
			return
		}
		open = c.open + 1
		if len(c.items) == 0 {
			buf = splice(buf, r.best, span{c.open, c.end}, []byte("0"))
			r.try(buf)
			continue
		}
		for _, it := range c.items {
			buf = splice(buf, r.best, span{c.open, c.end}, r.best[it.value.start:it.value.end])
			if r.try(buf) {
				open = c.open
				break
			}
		}
		if open == c.open || r.best[c.open] != '{' {
			continue
		}
		values = append(values[:0], '[')
		for i, it := range c.items {
			if i > 0 {
				values = append(values, ',')
			}
			values = append(values, r.best[it.value.start:it.value.end]...)
		}
		if closer := r.best[c.end-1]; c.end-c.open > 1 && (closer == '}' || closer == ']') && c.end > lastItemEnd(c) {
			values = append(values, ']')
		}
		if buf = splice(buf, r.best, span{c.open, c.end}, values); r.try(buf) {
			open = c.open
		}
	}
}

// lastItemEnd is where the last item of c ends, or just past its opening
// bracket.
func lastItemEnd(c container) int {
	if len(c.items) == 0 {
		return c.open + 1
	}
	return c.items[len(c.items)-1].all.end
}

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
	for k := 0; !r.stopped(); k++ {
		toks, _ := r.parsed()
		if k >= len(toks) {
			return
		}
		content, ok := r.stringToken(k)
		if !ok {
			continue
		}
		us := units(r.best, content)
		for size := len(us); size >= 1 && ok; size /= 2 {
			for i := 0; i < len(us) && !r.stopped(); {
				j := min(i+size, len(us))
				buf = splice(buf, r.best, span{us[i].start, us[j-1].end}, nil)
				if !r.try(buf) {
					i = j
					continue
				}
				if content, ok = r.stringToken(k); !ok {
					break
				}
				us = units(r.best, content)
			}
		}
	}
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
	for k := 0; !r.stopped(); k++ {
		toks, _ := r.parsed()
		if k >= len(toks) {
			return
		}
		content, ok := r.stringToken(k)
		if !ok {
			continue
		}
		us := units(r.best, content)
		for i := 0; i < len(us) && !r.stopped(); i++ {
			lit, n := escapeLiteral(r.best, us[i:])
			if lit == nil {
				continue
			}
			buf = splice(buf, r.best, span{us[i].start, us[i+n-1].end}, lit)
			if !r.try(buf) {
				continue
			}
			if content, ok = r.stringToken(k); !ok {
				break
			}
			us = units(r.best, content)
		}
	}
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

// simplifyScalars tries 0 and 1 for every number, literal and string, and
// numbers with one byte fewer, until none of them keeps the signature.
func simplifyScalars(r *reducer) {
	var buf []byte
	for k := 0; !r.stopped(); k++ {
		toks, _ := r.parsed()
		if k >= len(toks) {
			return
		}
		for progress := true; progress && !r.stopped(); {
			progress = false
			toks, _ = r.parsed()
			if k >= len(toks) || toks[k].kind != tokNumber && toks[k].kind != tokWord && toks[k].kind != tokString {
				break
			}
			t := span{toks[k].start, toks[k].end}
			cands := [][]byte{[]byte("0"), []byte("1")}
			if toks[k].kind == tokNumber {
				for i := t.start; i < t.end && t.end-t.start > 1; i++ {
					cands = append(cands, append(append([]byte{}, r.best[t.start:i]...), r.best[i+1:t.end]...))
				}
			}
			for _, c := range cands {
				if buf = splice(buf, r.best, t, c); r.try(buf) {
					progress = true
					break
				}
			}
		}
	}
}
