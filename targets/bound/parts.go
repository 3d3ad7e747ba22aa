package bound

import "unicode/utf8"

// MatchPositionSet is Match through the position-set simulation alone,
// the form Match takes for long patterns and under case folding, so that
// the glob property of fuzz/bound holds it to ReferenceGlob on short
// patterns too, where Match takes the bit-parallel form. It is not a
// second API: Match is the matcher.
func (g *Glob) MatchPositionSet(s string) bool {
	if !utf8.ValidString(s) || len(g.toks)*len(s) > MaxGlobWork {
		return false
	}
	return g.matchSlow(s)
}
