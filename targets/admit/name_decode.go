package admit

import (
	"strconv"

	"github.com/canonfuzz/canonfuzz/internal/jsonspan"
)

// enterName enters the member name whose quotes are at offsets q and end into
// the innermost open object and refuses it if that object already has it.
func (s *scanner) enterName(q, end int, escaped bool) error {
	f := &s.stack[s.depth-1]
	e := nameEntry{off: q + 1, n: end - q - 1, aoff: -1}
	if escaped {
		e.aoff = len(s.names.arena)
		// scanString has checked the body: every escape is well formed
		// and every surrogate escape half of a pair, so it decodes
		s.names.arena, _ = jsonspan.AppendUnquoted(s.names.arena, s.in[q+1:end])
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
