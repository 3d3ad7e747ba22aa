package bound

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// ReferenceGlob translates pattern to an RE2 regular expression with the
// meaning SEP-3246 section 3.2.4 gives it, scanning the pattern on its own
// rather than through CompileGlob, so that the fuzz test comparing the two
// checks the compiler as well as the matcher. It is slow to build and is
// used only by tests and tools; RE2 itself matches in linear time.
func ReferenceGlob(pattern string) (*regexp.Regexp, error) {
	if !utf8.ValidString(pattern) {
		return nil, &GlobError{Offset: firstInvalid(pattern), Reason: "pattern is not UTF-8"}
	}
	rs := []rune(pattern)
	// offsets maps a rune index to its byte offset, for errors.
	offsets := make([]int, len(rs)+1)
	for i, b := 0, 0; i < len(rs); i++ {
		offsets[i] = b
		b += utf8.RuneLen(rs[i])
		offsets[i+1] = b
	}
	fail := func(i int, why string) (*regexp.Regexp, error) {
		return nil, &GlobError{Offset: offsets[i], Reason: why}
	}
	var re strings.Builder
	re.WriteString(`^(?s:`)
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '\\':
			if i+1 == len(rs) {
				return fail(i, "trailing backslash")
			}
			if !strings.ContainsRune(`\*?[]!^-`, rs[i+1]) {
				return fail(i, "backslash before a character that is not a metacharacter")
			}
			i++
			re.WriteString(regexp.QuoteMeta(string(rs[i])))
		case '?':
			re.WriteString(`[^/]`)
		case '*':
			if i+1 < len(rs) && rs[i+1] == '*' {
				i++
				re.WriteString(`.*`)
			} else {
				re.WriteString(`[^/]*`)
			}
		case '[':
			j := i + 1
			neg := j < len(rs) && (rs[j] == '!' || rs[j] == '^')
			if neg {
				j++
			}
			var members []string
			start := j
			closed := false
			for j < len(rs) {
				if rs[j] == ']' {
					if j == start {
						return fail(i, "empty class")
					}
					closed = true
					break
				}
				if rs[j] == '[' && j+1 < len(rs) && strings.ContainsRune(":.=", rs[j+1]) {
					return fail(j, "POSIX bracket expression inside a class is not in the dialect")
				}
				lo, nj, bad := refClassChar(rs, j)
				if bad != "" {
					return fail(j, bad)
				}
				hi := lo
				if nj+1 < len(rs) && rs[nj] == '-' && rs[nj+1] != ']' {
					h, mj, bad := refClassChar(rs, nj+1)
					if bad != "" {
						return fail(nj+1, bad)
					}
					if h < lo {
						return fail(j, "reversed range")
					}
					hi, nj = h, mj
				}
				members = append(members, fmt.Sprintf(`\x{%x}-\x{%x}`, lo, hi))
				j = nj
			}
			if !closed {
				return fail(i, "unterminated [")
			}
			// (?:[^/])(?:...) cannot intersect in RE2, so '/' is kept out by
			// a negated class plus an alternation: one character that is not
			// '/' and is (or is not) a member.
			if neg {
				re.WriteString(`[^/` + strings.Join(members, "") + `]`)
			} else {
				re.WriteString(`(?:` + refWithoutSlash(members) + `)`)
			}
			i = j
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re.WriteString(`)$`)
	return regexp.Compile(re.String())
}

// refClassChar reads one member at rs[j], escaped or not; bad is non-empty
// on error.
func refClassChar(rs []rune, j int) (rune, int, string) {
	if rs[j] != '\\' {
		return rs[j], j + 1, ""
	}
	if j+1 == len(rs) {
		return 0, 0, "trailing backslash"
	}
	if !strings.ContainsRune(`\*?[]!^-`, rs[j+1]) {
		return 0, 0, "backslash before a character that is not a metacharacter"
	}
	return rs[j+1], j + 2, ""
}

// refWithoutSlash writes the union of the member ranges less '/', as an
// alternation of RE2 classes, by splitting each range at '/'.
func refWithoutSlash(members []string) string {
	var parts []string
	for _, m := range members {
		var lo, hi rune
		fmt.Sscanf(m, `\x{%x}-\x{%x}`, &lo, &hi)
		if lo <= '/' && '/' <= hi {
			if lo < '/' {
				parts = append(parts, fmt.Sprintf(`[\x{%x}-\x{%x}]`, lo, '/'-1))
			}
			if hi > '/' {
				parts = append(parts, fmt.Sprintf(`[\x{%x}-\x{%x}]`, '/'+1, hi))
			}
			continue
		}
		parts = append(parts, `[`+m+`]`)
	}
	if len(parts) == 0 {
		return `[^\x{0}-\x{10ffff}]` // matches nothing: the class was only '/'
	}
	return strings.Join(parts, "|")
}
