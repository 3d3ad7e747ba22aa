package jcs

import "slices"

// closeObject puts the members of the object in frame f in the order of
// RFC 8785 section 3.2.3 (by the UTF-16 code units of their decoded names)
// and pops them. Members were written in input order, each a contiguous
// run of out separated by commas; when they are out of order the runs are
// copied to scratch in sorted order and back, so an object costs one copy
// of its own bytes at its level, and nothing when it is in order already.
func (w *writer) closeObject(f *frame) {
	m := w.members[f.members:]
	for j := range m {
		if j+1 < len(m) {
			m[j].end = m[j+1].start - 1 // the comma before the next member
		} else {
			m[j].end = len(w.out)
		}
	}
	if !sorted(m) {
		slices.SortFunc(m, func(a, b member) int { return compareUTF16(a.key, b.key) })
		s := w.scratch[:0]
		for j, mem := range m {
			if j > 0 {
				s = append(s, ',')
			}
			s = append(s, w.out[mem.start:mem.end]...)
		}
		copy(w.out[f.start:], s)
		w.scratch = s
	}
	clear(m) // drop the references into the input and keys
	w.members = w.members[:f.members]
	w.keys = w.keys[:f.keys]
}

func sorted(m []member) bool {
	for j := 1; j < len(m); j++ {
		if compareUTF16(m[j-1].key, m[j].key) >= 0 {
			return false
		}
	}
	return true
}
