package admit

import "strconv"

// enterName enters the member name whose quotes are at offsets q and end into
// the innermost open object and refuses it if that object already has it.
func (s *scanner) enterName(q, end int, escaped bool) error {
	if !checkNames {
		return nil
	}
	ns := &s.names
	m := &s.stack[s.depth-1].names
	off := q + 1
	name := s.in[off:end]
	if escaped {
		ns.decoded = unquoteName(ns.decoded, name)
		name = ns.decoded
	}
	e := makeEntry(off, end-off, escaped)
	key := ns.key(off, escaped, name)
	if !m.indexed && ns.count-m.entries < linearLimit {
		// The common case, without a call: a small object whose Bloom
		// filter has not seen the name.
		bit := uint64(1) << (bloomMix(key, name) >> 58)
		if m.seen&bit == 0 {
			m.seen |= bit
			if !ns.pushCur(e) {
				ns.pushChunk(e)
			}
			return nil
		}
	}
	if prior := ns.add(s.depth-1, m, e, key, name); prior >= 0 {
		return s.duplicate(q, prior)
	}
	return nil
}

// duplicate refuses the member name whose opening quote is at q, which
// repeats the one whose quote is at prior.
func (s *scanner) duplicate(q, prior int) error {
	return s.fail(DuplicateMember, ByKind, q, "member name repeats the one at byte "+strconv.Itoa(prior))
}
