package bound

import "unicode/utf8"

// MaxGlobWork caps pattern tokens times value bytes for one match; a
// larger match is refused (no match) rather than run, so that neither a
// huge pattern from a chain nor a huge argument can stall a guard. 2^26 is
// well under a second here, and admits a 64 KB value against a pattern of
// 1024 tokens.
const MaxGlobWork = 1 << 26

// Match reports whether the whole of s matches the pattern (SEP-3246 section
// 3.2.4: anchored at both ends). It simulates the pattern's automaton on all
// positions at once (Thompson's construction), as bit masks for a pattern of
// up to 63 tokens and as a set of positions beyond, so it takes
// O(len(s) * tokens) time at worst and O(tokens) space whatever the pattern
// and input: nothing backtracks. A string that is not UTF-8 matches nothing.
func (g *Glob) Match(s string) bool {
	ok, _ := g.match(s)
	return ok
}

// match is Match with the work it did: the steps of the automaton, one
// per character for the bit-parallel form (each step is a few word
// operations whatever the pattern) and one per live state per character
// for the position sets, so never more than len(s) * (tokens + 1). The
// tests hold the matcher to linear work with it rather than with a clock.
func (g *Glob) match(s string) (bool, int) {
	if !utf8.ValidString(s) || len(g.toks)*len(s) > MaxGlobWork {
		return false, 0
	}
	if g.bits != nil {
		return g.bits.match(g.toks, s)
	}
	return g.matchSlow(s)
}

// matchSlow is match for patterns too long for the bit-parallel form, and
// under case folding.
func (g *Glob) matchSlow(s string) (matched bool, steps int) {
	n := len(g.toks)
	cur := make([]bool, n+1)
	next := make([]bool, n+1)
	cur[0] = true
	g.close(cur)
	for _, c := range s {
		clear(next)
		alive := false
		for i := 0; i < n; i++ {
			if !cur[i] {
				continue
			}
			steps++
			t := &g.toks[i]
			switch t.kind {
			case tokLit:
				if t.r == c {
					next[i+1], alive = true, true
				}
			case tokAny:
				if c != '/' {
					next[i+1], alive = true, true
				}
			case tokClass:
				if t.inClass(c, g.fold) {
					next[i+1], alive = true, true
				}
			case tokStar:
				if c != '/' {
					next[i], alive = true, true
				}
			case tokGlobStar:
				next[i], alive = true, true
			}
		}
		if !alive {
			return false, steps
		}
		g.close(next)
		cur, next = next, cur
	}
	return cur[n], steps
}

// close adds the states reachable without consuming: a star may match
// nothing, so the state after it is live whenever the star's state is.
func (g *Glob) close(set []bool) {
	for i, t := range g.toks {
		if set[i] && (t.kind == tokStar || t.kind == tokGlobStar) {
			set[i+1] = true
		}
	}
}
