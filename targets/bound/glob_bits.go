package bound

import "slices"

// globBits is a pattern of at most 63 tokens as bit masks, so that one
// input character advances every live position at once (the bit-parallel
// form of the same automaton Match simulates): bit i is "tokens[0:i]
// matched", bit len(tokens) is the accepting state.
type globBits struct {
	n     int
	stars uint64      // positions of * and ** tokens
	class [128]uint8  // for an ASCII character, its index in step: characters the pattern treats alike share one
	step  [][2]uint64 // tokens consuming a character and moving on; star tokens keeping it
}

func compileBits(toks []token, fold bool) *globBits {
	if len(toks) > 63 || fold {
		return nil
	}
	b := &globBits{n: len(toks)}
	for i, t := range toks {
		if t.kind == tokStar || t.kind == tokGlobStar {
			b.stars |= 1 << i
		}
	}
	// At most one class per token and character kind, so a short pattern
	// costs a short table (the 128 rows of a table by character cost
	// 2 KB, many times the pattern).
	b.step = make([][2]uint64, 0, min(len(toks)+2, 128))
	for c := range rune(128) {
		m := masksFor(toks, c, false)
		i := slices.Index(b.step, m)
		if i < 0 {
			i, b.step = len(b.step), append(b.step, m)
		}
		b.class[c] = uint8(i)
	}
	return b
}

// masksFor returns, for character c, the tokens that consume c and move on
// and the star tokens that consume c and stay.
func masksFor(toks []token, c rune, fold bool) [2]uint64 {
	var m [2]uint64
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case tokLit:
			if t.r == c {
				m[0] |= 1 << i
			}
		case tokAny:
			if c != '/' {
				m[0] |= 1 << i
			}
		case tokClass:
			if t.inClass(c, fold) {
				m[0] |= 1 << i
			}
		case tokStar:
			if c != '/' {
				m[1] |= 1 << i
			}
		case tokGlobStar:
			m[1] |= 1 << i
		}
	}
	return m
}

// closure adds the position after each live star (a star may match
// nothing), repeatedly in case stars are adjacent.
func (b *globBits) closure(x uint64) uint64 {
	for {
		y := x | (x&b.stars)<<1
		if y == x {
			return x
		}
		x = y
	}
}

func (b *globBits) match(toks []token, s string) (matched bool, steps int) {
	cur := b.closure(1)
	for _, c := range s {
		steps++
		var m [2]uint64
		if c < 128 {
			m = b.step[b.class[c]]
		} else {
			m = masksFor(toks, c, false)
		}
		cur = b.closure((cur&m[0])<<1 | cur&m[1])
		if cur == 0 {
			return false, steps
		}
	}
	return cur&(1<<b.n) != 0, steps
}
