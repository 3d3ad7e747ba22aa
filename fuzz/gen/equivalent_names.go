package gen

import (
	"golang.org/x/text/unicode/norm"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// SEP-3246 section 3.2.3 canonicalizes object member names (NFC, UAX #15)
// before comparing objects, so two members whose names are canonically
// equivalent are one name written twice and the object has no canonical
// form. nameRoots are names with more than one canonically equivalent
// spelling: precomposed and decomposed (é), Hangul syllable and jamo (한),
// a singleton (U+212B ANGSTROM SIGN, NFC U+00C5), and combining marks of
// different classes in either order (q̣̇, ệ).
var nameRoots = []string{"é", "한", "\u212b", "q\u0307\u0323", "\u1ec7"}

// equivalentSpellings are the distinct spellings of s that NFC makes
// equal: s as written, its NFC and NFD forms, and its NFD form with the
// first two adjacent combining marks of different canonical combining
// classes swapped (canonical ordering, UAX #15 section 3.11, sorts them
// back).
func equivalentSpellings(s string) []string {
	d := norm.NFD.String(s)
	out := appendDistinct(nil, s, norm.NFC.String(s), d, swapFirstMarks(d))
	return out
}

// appendDistinct appends each of ss not already in out.
func appendDistinct(out []string, ss ...string) []string {
	for _, s := range ss {
		seen := false
		for _, o := range out {
			seen = seen || o == s
		}
		if !seen {
			out = append(out, s)
		}
	}
	return out
}

// swapFirstMarks swaps the first two adjacent runes of s whose canonical
// combining classes are non-zero and differ, or returns s.
func swapFirstMarks(s string) string {
	rs := []rune(s)
	for i := 0; i+1 < len(rs); i++ {
		a, b := norm.NFD.PropertiesString(string(rs[i])).CCC(), norm.NFD.PropertiesString(string(rs[i+1])).CCC()
		if a != 0 && b != 0 && a != b {
			rs[i], rs[i+1] = rs[i+1], rs[i]
			return string(rs)
		}
	}
	return s
}

// collidingObject is an object whose two members' names are distinct
// spellings i and j (taken modulo their count) of nameRoots[root]: equal
// once canonicalized, so the object has no canonical form.
func collidingObject(root, i, j int) bound.Value {
	sp := equivalentSpellings(nameRoots[root%len(nameRoots)])
	i, j = i%len(sp), j%len(sp)
	if i == j {
		j = (j + 1) % len(sp)
	}
	return bound.Value{Kind: bound.KindObject, Members: []bound.Member{
		{Name: sp[i], Value: bound.String("v")},
		{Name: sp[j], Value: bound.Value{Kind: bound.KindNumber, Number: "1"}},
	}}
}

// collidingProbes are, for each of nameRoots, the object of each pair of
// its spellings, and the first of them inside an array.
var collidingProbes = func() []bound.Value {
	var out []bound.Value
	for r, s := range nameRoots {
		n := len(equivalentSpellings(s))
		for i := range n {
			for j := i + 1; j < n; j++ {
				out = append(out, collidingObject(r, i, j))
			}
		}
		out = append(out, bound.Value{Kind: bound.KindArray, Array: []bound.Value{collidingObject(r, 0, 1)}})
	}
	return out
}
