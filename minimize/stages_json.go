package minimize

import "sort"

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
