package bound

import (
	"unicode"
	"unicode/utf8"
)

// The glob dialect of SEP-3246 section 3.2.4, compiled.
//
//	?            one character other than '/'
//	*            zero or more characters other than '/'
//	**           zero or more characters, '/' included
//	[abc] [a-z]  one character of the set; never '/'
//	[!ab] [^ab]  one character not in the set; never '/'
//	\x           x literally, for x one of the metacharacters \ * ? [ ] ! ^ -
//
// Every other character matches itself; a pattern matches the whole value
// (an implicit anchor at both ends). A character is a Unicode code point.
//
// Where the section is silent this compiler refuses rather than guesses, so
// that no two readers of one bound can disagree about what it admits: an
// escape of a character that is not a metacharacter, an empty class ([] or
// [!]), and the POSIX bracket forms "[:", "[." and "[=" inside a class are
// errors, like the unterminated class, the trailing backslash and the
// reversed range. A '-' first or last in a class is literal. See
// findings/spec/glob-*.md for the reading of classes and '/'.

type tokKind uint8

const (
	tokLit      tokKind = iota // one literal code point
	tokAny                     // ?
	tokStar                    // *
	tokGlobStar                // **
	tokClass                   // [...]
)

// runeRange is the closed interval [lo, hi].
type runeRange struct{ lo, hi rune }

type token struct {
	kind    tokKind
	r       rune        // tokLit
	negated bool        // tokClass
	ranges  []runeRange // tokClass, as written
}

// Glob is a compiled pattern. The zero value matches only the empty string.
type Glob struct {
	src  string
	toks []token
	fold bool      // classes also match the case variants of a character
	bits *globBits // the bit-parallel form, for patterns of up to 63 tokens
}

// newGlob builds a Glob from compiled tokens.
func newGlob(src string, toks []token, fold bool) *Glob {
	g := &Glob{src: src, toks: toks, fold: fold}
	g.bits = compileBits(toks, fold)
	return g
}

// String returns the pattern as it was compiled.
func (g *Glob) String() string { return g.src }

// globMeta reports whether c may follow a backslash.
func globMeta(c rune) bool {
	switch c {
	case '\\', '*', '?', '[', ']', '!', '^', '-':
		return true
	}
	return false
}

// CompileGlob validates pattern under SEP-3246 section 3.2.4 and compiles it.
// Errors are *GlobError (errors.Is ErrGlobSyntax).
func CompileGlob(pattern string) (*Glob, error) {
	if !utf8.ValidString(pattern) {
		return nil, &GlobError{Offset: firstInvalid(pattern), Reason: "pattern is not UTF-8"}
	}
	g := &Glob{src: pattern}
	defer func() { g.bits = compileBits(g.toks, false) }()
	for i := 0; i < len(pattern); {
		c, w := utf8.DecodeRuneInString(pattern[i:])
		switch c {
		case '\\':
			if i+w >= len(pattern) {
				return nil, &GlobError{Offset: i, Reason: "trailing backslash"}
			}
			e, ew := utf8.DecodeRuneInString(pattern[i+w:])
			if !globMeta(e) {
				return nil, &GlobError{Offset: i, Reason: "backslash before a character that is not a metacharacter"}
			}
			g.toks = append(g.toks, token{kind: tokLit, r: e})
			i += w + ew
		case '?':
			g.toks = append(g.toks, token{kind: tokAny})
			i += w
		case '*':
			if i+1 < len(pattern) && pattern[i+1] == '*' {
				g.appendStar(tokGlobStar)
				i += 2
			} else {
				g.appendStar(tokStar)
				i++
			}
		case '[':
			t, n, err := compileClass(pattern, i)
			if err != nil {
				return nil, err
			}
			g.toks = append(g.toks, t)
			i = n
		default:
			g.toks = append(g.toks, token{kind: tokLit, r: c})
			i += w
		}
	}
	return g, nil
}

// appendStar merges adjacent stars: any run of them that contains a ** is
// the language of **, and a run of single stars is the language of *.
func (g *Glob) appendStar(k tokKind) {
	if n := len(g.toks); n > 0 {
		last := &g.toks[n-1]
		if last.kind == tokStar || last.kind == tokGlobStar {
			if k == tokGlobStar {
				last.kind = tokGlobStar
			}
			return
		}
	}
	g.toks = append(g.toks, token{kind: k})
}

// compileClass reads the class opening at pattern[start] == '[' and returns
// the token and the offset just past its ']'.
func compileClass(pattern string, start int) (token, int, error) {
	t := token{kind: tokClass}
	i := start + 1
	if i < len(pattern) && (pattern[i] == '!' || pattern[i] == '^') {
		t.negated = true
		i++
	}
	first := i
	for {
		if i >= len(pattern) {
			return token{}, 0, &GlobError{Offset: start, Reason: "unterminated ["}
		}
		c, _ := utf8.DecodeRuneInString(pattern[i:])
		if c == ']' {
			if i == first {
				return token{}, 0, &GlobError{Offset: start, Reason: "empty class"}
			}
			return t, i + 1, nil
		}
		if c == '[' && i+1 < len(pattern) && (pattern[i+1] == ':' || pattern[i+1] == '.' || pattern[i+1] == '=') {
			return token{}, 0, &GlobError{Offset: i, Reason: "POSIX bracket expression inside a class is not in the dialect"}
		}
		lo, n, err := classChar(pattern, i)
		if err != nil {
			return token{}, 0, err
		}
		hi := lo
		// A range needs a '-' that is neither first nor last.
		if n+1 < len(pattern) && pattern[n] == '-' && pattern[n+1] != ']' {
			h, m, err := classChar(pattern, n+1)
			if err != nil {
				return token{}, 0, err
			}
			if h < lo {
				return token{}, 0, &GlobError{Offset: i, Reason: "reversed range"}
			}
			hi, n = h, m
		}
		t.ranges = append(t.ranges, runeRange{lo, hi})
		i = n
	}
}

// classChar reads one possibly escaped member character at pattern[i].
func classChar(pattern string, i int) (rune, int, error) {
	c, w := utf8.DecodeRuneInString(pattern[i:])
	if c != '\\' {
		return c, i + w, nil
	}
	if i+w >= len(pattern) {
		return 0, 0, &GlobError{Offset: i, Reason: "trailing backslash"}
	}
	e, ew := utf8.DecodeRuneInString(pattern[i+w:])
	if !globMeta(e) {
		return 0, 0, &GlobError{Offset: i, Reason: "backslash before a character that is not a metacharacter"}
	}
	return e, i + w + ew, nil
}

// inClass reports whether c is in the class token. No class, negated or
// not, matches '/' (findings/spec/glob-negated-class-separator.md and
// glob-class-range-separator.md).
func (t *token) inClass(c rune, fold bool) bool {
	if c == '/' {
		return false
	}
	in := t.member(c)
	if fold {
		for f := unicode.SimpleFold(c); f != c && !in; f = unicode.SimpleFold(f) {
			in = f != '/' && t.member(f)
		}
	}
	return in != t.negated
}

func (t *token) member(c rune) bool {
	for _, r := range t.ranges {
		if r.lo <= c && c <= r.hi {
			return true
		}
	}
	return false
}

func firstInvalid(s string) int {
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			return i
		}
		i += w
	}
	return len(s)
}
