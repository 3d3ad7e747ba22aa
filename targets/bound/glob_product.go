package bound

import (
	"encoding/binary"
	"slices"
)

// maxProductStates caps one search for a common string of several
// patterns, and maxSearchStates all the searches of one meet of bounds.
// Past either the meet keeps the conjunction undecided, which is exact.
const (
	maxProductStates = 1 << 14
	maxSearchStates  = 1 << 18
)

// budget is the search work left to one meet.
type budget struct{ states int }

func newBudget() *budget { return &budget{states: maxSearchStates} }

// universe is every Unicode scalar value: the characters a Go string holds.
var universe = []runeRange{{0, 0xD7FF}, {0xE000, 0x10FFFF}}

// emptyIntersection decides whether no string matches every one of the
// token sequences (each a compiled glob), by searching the product of their
// automata for a path to the state where all have matched (the
// intersection of regular languages, which is decidable). decided is false
// when the search was cut off.
func emptyIntersection(auts [][]token, b *budget) (empty, decided bool) {
	start := make([]int, len(auts))
	seen := map[string]bool{key(start): true}
	queue := [][]int{start}
	push := func(s []int) bool {
		k := key(s)
		if seen[k] {
			return true
		}
		if len(seen) >= maxProductStates || b.states <= 0 {
			return false
		}
		b.states--
		seen[k] = true
		queue = append(queue, s)
		return true
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		done := true
		for j, p := range s {
			if p < len(auts[j]) {
				done = false
			}
		}
		if done {
			return false, true
		}
		// A star may match nothing.
		for j, p := range s {
			if p < len(auts[j]) && (auts[j][p].kind == tokStar || auts[j][p].kind == tokGlobStar) {
				n := slices.Clone(s)
				n[j]++
				if !push(n) {
					return false, false
				}
			}
		}
		// One character that every automaton can consume from here.
		set := universe
		next := slices.Clone(s)
		for j, p := range s {
			if p >= len(auts[j]) {
				set = nil
				break
			}
			t := &auts[j][p]
			set = intersectRanges(set, tokenSet(t))
			if t.kind != tokStar && t.kind != tokGlobStar {
				next[j]++
			}
		}
		if len(set) > 0 && !push(next) {
			return false, false
		}
	}
	return true, true
}

func key(s []int) string {
	b := make([]byte, 0, len(s)*2)
	for _, p := range s {
		b = binary.AppendUvarint(b, uint64(p))
	}
	return string(b)
}

var notSlash = []runeRange{{0, '/' - 1}, {'/' + 1, 0xD7FF}, {0xE000, 0x10FFFF}}

// tokenSet is the set of characters a consuming token accepts.
func tokenSet(t *token) []runeRange {
	switch t.kind {
	case tokLit:
		return []runeRange{{t.r, t.r}}
	case tokAny, tokStar:
		return notSlash
	case tokGlobStar:
		return universe
	case tokClass:
		set := normalizeRanges(t.ranges)
		if t.negated {
			set = complementRanges(set)
		}
		return intersectRanges(set, notSlash)
	}
	return nil
}

func normalizeRanges(rs []runeRange) []runeRange {
	s := slices.Clone(rs)
	slices.SortFunc(s, func(a, b runeRange) int { return int(a.lo) - int(b.lo) })
	var out []runeRange
	for _, r := range s {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func complementRanges(rs []runeRange) []runeRange {
	var out []runeRange
	next := rune(0)
	for _, r := range rs {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= 0x10FFFF {
		out = append(out, runeRange{next, 0x10FFFF})
	}
	return intersectRanges(out, universe)
}

// intersectRanges intersects two sorted, disjoint range lists.
func intersectRanges(a, b []runeRange) []runeRange {
	var out []runeRange
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i].lo, b[j].lo), min(a[i].hi, b[j].hi)
		if lo <= hi {
			out = append(out, runeRange{lo, hi})
		}
		if a[i].hi < b[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}
