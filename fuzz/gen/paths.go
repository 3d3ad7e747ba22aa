package gen

import (
	"fmt"
	"strings"
)

// PathPair is two hierarchical argument values and the folding they are
// canonicalized under: Y is a respelling of X (dot segments, doubled and
// trailing slashes, percent-encoding of unreserved and reserved bytes,
// double encoding, NFD) or a near miss of it (a segment changed, an
// encoded separator or dot segment, a NUL, a backslash, one ".." too
// many, a case variant, dot segments before a segment with ':', the path
// under another root: "//", a drive letter, a rune NFKC reads as a dot or
// a separator).
type PathPair struct {
	X, Y string
	Fold bool
	Miss string // the near miss Y is, "" for a respelling
}

// pathBases are the paths the pairs spell: absolute and relative, nested,
// the root, composed characters, a name with a percent-encodable
// reserved character.
var pathBases = []string{"/srv/acme/x/a.txt", "/srv/acme", "/", "acme/app", "a/b/c", "/srv/café/b", "/srv/a-b_c~d/e", "x", "/srv/ACME/Readme", "/srv/a+b@c=d;e"}

// pathMisses are the near misses, each a function of a path.
var pathMisses = []struct {
	name string
	make func(s *source, p string) string
}{
	{"a segment changed", func(s *source, p string) string { return strings.TrimSuffix(p, "/") + "/z" }},
	{"a letter changed", func(s *source, p string) string { return strings.Replace(p, "a", "o", 1) }},
	{"an encoded separator", func(s *source, p string) string { return strings.Replace(p+"/q", "/", "%2F", 1+s.intn(2)) }},
	{"an encoded dot segment", func(s *source, p string) string {
		return p + []string{"/%2e%2e", "/%2E", "/.%2e/x", "/%252e%252e"}[s.intn(4)]
	}},
	{"a NUL in a segment a dot segment removes", func(s *source, p string) string { return p + "/q%00/.." }},
	{"a NUL", func(s *source, p string) string { return p + []string{"%00", "\x00", "/..%00"}[s.intn(3)] }},
	{"a backslash", func(s *source, p string) string { return p + []string{`\..`, `%5C..`, `/q%5c`}[s.intn(3)] }},
	{"one '..' too many", func(s *source, p string) string { return p + strings.Repeat("/..", 1+strings.Count(p, "/")) }},
	{"a case variant", func(s *source, p string) string { return strings.ToUpper(p) }},
	{"malformed percent-encoding", func(s *source, p string) string { return p + []string{"%", "%2", "%zz", "%c3"}[s.intn(4)] }},
	{"a dot segment before a segment with ':'", colonAfterDots},
	{"another root", anotherRoot},
	{"a rune NFKC reads as path structure", func(s *source, p string) string {
		// fullwidth and small full stops, the two dot leader, the
		// fullwidth solidus and reverse solidus, raw and percent-encoded,
		// and the fullwidth question mark, percent sign and colon: names
		// to bound's reading, "..", "/", "\", "?", "%" and ":" to NFKC's
		v := []string{"/\uff0e\uff0e", "/\u2025", "/\uff0e\uff0e\uff0f\uff0e\uff0e", "\uff3c..", "/%EF%BC%8E%EF%BC%8E", "/x%EF%BC%8F..", "/\ufe52\ufe52",
			"/..\uff1fx", "/\uff052e\uff052e", "/x\uff1a\uff1a$DATA"}
		return strings.TrimSuffix(p, "/") + v[s.intn(len(v))]
	}},
}

// anotherRoot writes p under a root of another kind, which bound keeps
// or refuses and never resolves as a segment
// (findings/spec/canon-path-root.md): a leading "//" (a network
// location, refused), a drive letter with as many ".." as p has
// segments and one more (climbing above the drive, refused) or as many
// (the drive itself), and "ſ:" (U+017F, which folds to the drive "s:").
func anotherRoot(s *source, p string) string {
	rel := strings.TrimPrefix(p, "/")
	switch s.intn(4) {
	case 0:
		return "//" + rel
	case 1:
		return "C:/" + rel + strings.Repeat("/..", 1+strings.Count(rel, "/")+s.intn(2))
	case 2:
		return "c:" + rel + strings.Repeat("/..", 1+strings.Count(rel, "/"))
	}
	return "\u017f:" + rel
}

// colonAfterDots writes a relative path whose dot segments, once resolved,
// leave a segment with ':' first, so that the canonical form would read as
// a URI with a scheme (RFC 3986 section 4.2: "./this:that" is how a
// relative reference writes such a segment first): "./ab:c", "x/../ab:c",
// with p's segments after it or a query or fragment, and the drive letter
// "a:b", which bound reads as no scheme but as a drive letter the value
// did not begin with; and "ß:x", "aſ:x", paths that case folding would
// make schemes ("ss:x", "as:x"). Bound refuses all of them ("the
// canonical form reads as another scheme", "... begins with a drive
// letter the value did not begin with"), the last two under folding only
// ("case folding makes a scheme of a path"); a canonicalization that
// accepted one would change its structure.
func colonAfterDots(s *source, p string) string {
	dots := []string{"./", "x/../", "././", "q/r/../../", "x/./../"}[s.intn(5)]
	seg := []string{"ab:c", "h+t.p-s:x", "a:b", "ab%3Ac", "ab:", "ß:x", "aſ:x"}[s.intn(7)]
	tail := []string{"", "?q", "#f", "?q#f", "/" + strings.TrimPrefix(p, "/")}[s.intn(5)]
	return dots + seg + tail
}

// GeneratePathPair turns data into a pair; like Generate, it never fails.
func GeneratePathPair(data []byte) PathPair {
	s := newSource(data)
	base := pathBases[s.intn(len(pathBases))]
	p := PathPair{Fold: s.bool()}
	p.X = s.respellPath(base)
	if s.intn(3) == 0 {
		m := pathMisses[s.intn(len(pathMisses))]
		p.Y, p.Miss = s.respellPath(m.make(s, base)), m.name
	} else {
		p.Y = s.respellPath(base)
	}
	return p
}

// respellPath writes path another way, zero to three times over, each way
// one that denotes the same resource.
func (s *source) respellPath(path string) string {
	for n := s.intn(4); n > 0; n-- {
		segs := strings.Split(path, "/")
		i := s.intn(len(segs))
		if segs[0] == "" && len(segs) > 1 { // absolute: keep the leading "/"
			i = 1 + s.intn(len(segs)-1)
		}
		switch s.intn(8) {
		case 0: // a "." segment
			segs = insertAt(segs, i, ".")
		case 1: // a segment and the ".." that removes it
			segs = insertAt(segs, i, "q", "..")
		case 2: // a doubled slash, never the leading one of an absolute
			// path: "//" first is a network location, another root
			j := max(i, 1)
			if len(segs) > 1 && segs[0] == "" {
				j = max(i, 2)
			}
			if j < len(segs) || segs[j-1] != "" {
				segs = insertAt(segs, j, "")
			}
		case 3: // a trailing slash, but for the root's own
			if path != "/" {
				segs = append(segs, "")
			}
		case 4: // one byte percent-encoded, in either case of hex digit
			segs[i] = s.encodeByte(segs[i], 1)
		case 5: // one byte encoded two to six times: the documented four
			// rounds of decoding (section 3.2.2 step 2) and past them
			segs[i] = s.encodeByte(segs[i], 2+s.intn(5))
		case 6: // NFD, raw or percent-encoded
			segs[i] = strings.ReplaceAll(segs[i], "é", []string{"e\u0301", "e%CC%81", "%65%cc%81"}[s.intn(3)])
		default: // a composed character percent-encoded
			segs[i] = strings.ReplaceAll(segs[i], "é", "%C3%A9")
		}
		path = strings.Join(segs, "/")
	}
	return path
}

// encodeByte percent-encodes one ASCII byte of seg that is not part of an
// escape already, depth times (each time after the first encodes the '%'
// again: %25, %2525, ...). A dot segment is left alone: "%2e" for "." is a
// near miss, not a respelling.
func (s *source) encodeByte(seg string, depth int) string {
	var at []int
	for i := 0; i < len(seg); i++ {
		switch {
		case seg[i] == '%':
			i += 2
		case seg[i] < 0x80:
			at = append(at, i)
		}
	}
	if len(at) == 0 || seg == "." || seg == ".." {
		return seg
	}
	i := at[s.intn(len(at))]
	enc := fmt.Sprintf([]string{"%%%02X", "%%%02x"}[s.intn(2)], seg[i])
	for range depth - 1 {
		enc = "%25" + enc[1:]
	}
	return seg[:i] + enc + seg[i+1:]
}

// insertAt inserts elems before segs[i].
func insertAt(segs []string, i int, elems ...string) []string {
	out := append([]string{}, segs[:i]...)
	out = append(out, elems...)
	return append(out, segs[i:]...)
}
