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
	if !w.sorted(m) {
		w.sortMembers(m)
		s := slices.Grow(w.scratch[:0], len(w.out)-f.start)
		for j, mem := range m {
			if j > 0 {
				s = append(s, ',')
			}
			s = append(s, w.out[mem.start:mem.end]...)
		}
		copy(w.out[f.start:], s)
		w.scratch = s
	}
	w.members = w.members[:f.members]
	w.keys = w.keys[:f.keys]
}

func (w *writer) sorted(m []member) bool {
	for j := 1; j < len(m); j++ {
		if w.compareMembers(&m[j-1], &m[j]) >= 0 {
			return false
		}
	}
	return true
}

// insertionSortMax is the largest object sorted by insertion, which beats
// a general sort on the few members of typical records.
const insertionSortMax = 16

func (w *writer) sortMembers(m []member) {
	if len(m) > insertionSortMax {
		slices.SortFunc(m, func(a, b member) int { return w.compareMembers(&a, &b) })
		return
	}
	for i := 1; i < len(m); i++ {
		x := m[i]
		j := i
		for ; j > 0 && w.compareMembers(&x, &m[j-1]) < 0; j-- {
			m[j] = m[j-1]
		}
		m[j] = x
	}
}
