package gen

import (
	"strings"
	"unicode/utf8"
)

// Glob is a generated SEP-3246 section 3.2.4 glob pattern (always valid in
// the dialect of targets/bound) with values derived from it.
type Glob struct {
	Pattern string
	// Matches are expansions of the pattern that match it by
	// construction: each '?' one character other than '/', each '*' a run
	// without '/', each '**' any run, each class a member other than '/'.
	Matches []string
	// Probes are near misses: a '*' or '?' given a '/', a '?' given no or
	// two characters, a class given '/' or a non-member, a character
	// added or removed. Some match anyway (another '*' may take the '/');
	// only a reference matcher can say which.
	Probes []string
	// NearMiss is the pattern with a near miss of the glob grammar after
	// it (one of globNearMisses: a pattern cut after a backslash inside a
	// class, an unclosed class, a trailing backslash, an empty or
	// reversed class); it may be refused or not, and only a reference
	// compiler can say which, at which offset and for which reason.
	NearMiss string
}

// globNearMisses are what GenerateGlob writes after a pattern to make its
// NearMiss.
var globNearMisses = []string{`[a\`, `[\`, `[!\`, `\`, `[`, `[a`, `[!`, `[]`, `[!]`, `[z-a]`, `[a-`, `[a-\`}

// globToken is one element of a generated pattern.
type globToken struct {
	kind    byte   // 'l' literal, '?', '*', 'G' (**), '[' class
	lit     rune   // 'l'
	escaped bool   // 'l': written with a backslash
	negated bool   // '['
	members []rune // '[': single characters
	ranges  [][2]rune
}

// Characters the glob generator draws literals and class members from:
// ASCII, '/', '.', case pairs that fold (K, the Kelvin sign), composed and
// decomposed é, and one character beyond U+FFFF.
var (
	globChars = []rune{'a', 'b', 'x', '.', '-', 'K', 'k', '\u212a', '\u00e9', 'e', '\u0301', '\U0001f600', '%', '~'}
	globMeta  = []rune{'\\', '*', '?', '[', ']', '!', '^', '-'}
)

// GenerateGlob turns data into a pattern of up to 11 tokens and one
// matching expansion and two near misses per draw.
func GenerateGlob(data []byte) Glob {
	s := newSource(data)
	var toks []globToken
	for n := s.intn(12); n > 0 && !s.spent; n-- {
		t := s.globToken()
		if (t.kind == '*' || t.kind == 'G') && len(toks) > 0 && (toks[len(toks)-1].kind == '*' || toks[len(toks)-1].kind == 'G') {
			t = globToken{kind: 'l', lit: 'x'} // two stars side by side would read as one token
		}
		toks = append(toks, t)
	}
	g := Glob{Pattern: writeGlob(toks)}
	for range 1 + s.intn(3) {
		if v, ok := s.expand(toks, -1); ok {
			g.Matches = append(g.Matches, v)
		}
		miss, _ := s.expand(toks, s.intn(max(len(toks), 1)))
		v, _ := s.expand(toks, -1)
		g.Probes = append(g.Probes, miss, s.nudge(v))
	}
	g.NearMiss = g.Pattern + globNearMisses[s.intn(len(globNearMisses))]
	return g
}

func (s *source) globToken() globToken {
	switch s.intn(8) {
	case 0, 1:
		return globToken{kind: 'l', lit: globChars[s.intn(len(globChars))]}
	case 2:
		return globToken{kind: 'l', lit: '/'}
	case 3:
		return globToken{kind: '?'}
	case 4:
		return globToken{kind: '*'}
	case 5:
		return globToken{kind: 'G'}
	case 6:
		return globToken{kind: 'l', lit: globMeta[s.intn(len(globMeta))], escaped: true}
	}
	t := globToken{kind: '[', negated: s.bool()}
	for n := 1 + s.intn(3); n > 0; n-- {
		if s.bool() {
			lo := 'a' + rune(s.intn(20))
			t.ranges = append(t.ranges, [2]rune{lo, lo + rune(s.intn(6))})
		} else {
			t.members = append(t.members, []rune{'x', '.', '/', '\u00e9', 'K', '0'}[s.intn(6)])
		}
	}
	return t
}

// writeGlob writes the tokens as a pattern.
func writeGlob(toks []globToken) string {
	var b strings.Builder
	for _, t := range toks {
		switch t.kind {
		case 'l':
			if t.escaped || strings.ContainsRune(string(globMeta), t.lit) {
				b.WriteByte('\\')
			}
			b.WriteRune(t.lit)
		case '?', '*':
			b.WriteByte(t.kind)
		case 'G':
			b.WriteString("**")
		case '[':
			b.WriteByte('[')
			if t.negated {
				b.WriteByte('!')
			}
			for _, r := range t.ranges {
				b.WriteRune(r[0])
				b.WriteByte('-')
				b.WriteRune(r[1])
			}
			for _, m := range t.members {
				b.WriteRune(m)
			}
			b.WriteByte(']')
		}
	}
	return b.String()
}

// inClass reports whether r is one of t's members or ranges.
func (t globToken) inClass(r rune) bool {
	for _, rg := range t.ranges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return strings.ContainsRune(string(t.members), r)
}

// run draws up to max characters, '/' among them only if slash.
func (s *source) run(max int, slash bool) string {
	var b strings.Builder
	for n := s.intn(max + 1); n > 0; n-- {
		if slash && s.intn(3) == 0 {
			b.WriteByte('/')
		} else {
			b.WriteRune(globChars[s.intn(len(globChars))])
		}
	}
	return b.String()
}

// expand writes a value for the tokens: a matching expansion, except at
// token index miss, which gets a near miss. ok is false when some class
// has no member but '/', so that nothing matches the pattern.
func (s *source) expand(toks []globToken, miss int) (string, bool) {
	var b strings.Builder
	ok := true
	for i, t := range toks {
		if i == miss {
			b.WriteString(s.miss(t))
			continue
		}
		switch t.kind {
		case 'l':
			b.WriteRune(t.lit)
		case '?':
			b.WriteString(s.run(0, false) + string(globChars[s.intn(len(globChars))]))
		case '*':
			b.WriteString(s.run(3, false))
		case 'G':
			b.WriteString(s.run(4, true))
		case '[':
			c, found := s.member(t)
			b.WriteRune(c)
			ok = ok && found
		}
	}
	return b.String(), ok
}

// member draws a character t matches, never '/'; found is false when t
// matches none of the candidates (a class of '/' alone).
func (s *source) member(t globToken) (rune, bool) {
	for _, c := range s.candidates() {
		if c != '/' && t.inClass(c) != t.negated {
			return c, true
		}
	}
	return '/', false
}

// candidates is every character member may try, from a drawn start.
func (s *source) candidates() []rune {
	all := []rune{'a', 'b', 'c', 'f', 'k', 'x', 'z', '.', '0', 'K', '\u00e9', '\u212a', 'Z', '_'}
	i := s.intn(len(all))
	return append(all[i:], all[:i]...)
}

// miss writes a near miss for one token.
func (s *source) miss(t globToken) string {
	switch t.kind {
	case '?':
		return []string{"/", "", "ab", "\U0001f600/"}[s.intn(4)]
	case '*':
		return s.run(2, false) + "/" + s.run(2, false)
	case '[':
		if s.bool() {
			return "/"
		}
		for _, c := range s.candidates() {
			if t.inClass(c) == t.negated {
				return string(c)
			}
		}
		return "/"
	case 'l':
		if t.lit == '\u212a' || t.lit == 'K' || t.lit == 'k' {
			return string([]rune{'K', 'k', '\u212a'}[s.intn(3)]) // a case variant: globs do not fold
		}
		return ""
	}
	return "/"
}

// nudge adds or removes one character of v.
func (s *source) nudge(v string) string {
	if v != "" && s.bool() {
		_, n := utf8.DecodeLastRuneInString(v)
		return v[:len(v)-n]
	}
	return v + string(globChars[s.intn(len(globChars))])
}
