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
		s := slices.Grow(w.scratch[:0], len(w.out)-f.start)
		if len(m) <= insertionSortMax {
			for j, k := range w.smallOrder(m) {
				if j > 0 {
					s = append(s, ',')
				}
				s = append(s, w.out[m[k].start:m[k].end]...)
			}
		} else {
			slices.SortFunc(m, func(a, b member) int { return w.compareMembers(&a, &b) })
			for j, mem := range m {
				if j > 0 {
					s = append(s, ',')
				}
				s = append(s, w.out[mem.start:mem.end]...)
			}
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

// insertionSortMax is the most members an object may have for its order
// to be found by smallOrder; larger objects use slices.SortFunc.
const insertionSortMax = 16

// A memberOrder is a permutation of up to insertionSortMax members.
type memberOrder struct {
	valid bool
	index [insertionSortMax]uint8
}

// smallOrder returns the sorted order of m, at most insertionSortMax
// members, as indices into m. Arrays of records repeat one member order
// many times, so the last order found for each object size is tried
// first: if it lists the names strictly increasing it is the sorted order
// (names are unique), found with len(m)-1 comparisons. Otherwise an
// insertion sort finds the order, and it is kept for the next object.
func (w *writer) smallOrder(m []member) []uint8 {
	n := len(m)
	o := &w.orders[n]
	if o.valid {
		ok := true
		for j := 1; j < n && ok; j++ {
			ok = w.compareMembers(&m[o.index[j-1]], &m[o.index[j]]) < 0
		}
		if ok {
			return o.index[:n]
		}
	}
	for i := range n {
		o.index[i] = uint8(i)
	}
	for i := 1; i < n; i++ {
		x := o.index[i]
		j := i
		for ; j > 0 && w.compareMembers(&m[x], &m[o.index[j-1]]) < 0; j-- {
			o.index[j] = o.index[j-1]
		}
		o.index[j] = x
	}
	o.valid = true
	return o.index[:n]
}
