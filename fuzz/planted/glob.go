package planted

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// GlobStarCrossesSlash compiles pattern as bound.CompileGlob does, except
// that every single '*' outside a class and not escaped is read as '**':
// a '*' that matches across '/', the fault of globs translated to a
// regular expression as ".*".
func GlobStarCrossesSlash(pattern string) (func(string) bool, error) {
	g, err := bound.CompileGlob(widenStars(pattern))
	if err != nil {
		return nil, err
	}
	return g.Match, nil
}

// widenStars rewrites each lone '*' of pattern as '**', skipping escapes
// and classes (up to the first unescaped ']' after at least one member).
func widenStars(pattern string) string {
	rs := []rune(pattern)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; {
		case c == '\\' && i+1 < len(rs):
			b.WriteRune(c)
			i++
			b.WriteRune(rs[i])
		case c == '[':
			j := i + 1
			if j < len(rs) && (rs[j] == '!' || rs[j] == '^') {
				j++
			}
			for j++; j < len(rs) && rs[j] != ']'; j++ { // the first member may be ']'
				if rs[j] == '\\' {
					j++
				}
			}
			b.WriteString(string(rs[i:min(j+1, len(rs))]))
			i = j
		case c == '*' && i+1 < len(rs) && rs[i+1] == '*':
			b.WriteString("**")
			i++
		case c == '*':
			b.WriteString("**")
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}
