package bound

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"
)

//go:generate go test -run ^TestStructureRunesFile$ -update-structure-runes .

// canonHierarchical applies section 3.2.2 steps 2 and 3 to an NFC path or
// URI reference. The structure is read from the string as written, before
// anything is decoded: the scheme and authority of a URI (RFC 3986 section
// 3), the path segments between '/', and a query with fragment. Each part
// is then percent-decoded to a fixed point, and the path's "." and ".."
// segments are resolved (RFC 3986 section 5.2.4), repeated separators
// collapsed and a trailing one removed.
//
// Refused, because a server that decodes and one that does not would read
// them as different paths (findings/spec/canon-encoded-separator.md): a
// segment that decodes to something containing '/', or to "." or ".."
// when it was not written so; an encoded scheme or authority; and '\',
// a separator to Windows, anywhere; and anywhere, percent-decoded (raw,
// canonText refuses it first), a rune NFKC maps to '.', '/' or '\'
// (hasStructureRune: U+FF0E, U+2025, U+FF0F, U+FF3C...), which a reader
// applying NFKC or a Windows best-fit mapping reads as a dot segment or a
// separator where this package reads a name. Also refused: NUL
// (findings/spec/canon-nul.md) and a ".." with nothing left to remove,
// which climbs above the root.
//
// A value without a scheme keeps its root (findings/spec/canon-path-root.md):
// a leading "//" is a network location to Windows (a UNC path) and an
// authority to a URI reader, so it is refused rather than collapsed into
// the local "/h/x"; a leading drive letter ("C:", driveOf) is a root that
// ".." does not remove, and a canonical form that begins with a drive
// the value did not begin with is refused.
//
// The canonical form must read as the structure the value was read as, or
// canonicalizing it again reads something else
// (findings/spec/canon-encoded-delimiter.md): a segment that decodes to
// '?' or '#' ("%23" is the name "#" before decoding, a fragment after) is
// refused with or without a scheme, and so is a value whose canonical form
// would be read with another scheme, authority, query or fragment, such as
// "ab%3Ac", whose first segment decodes to a scheme (RFC 3986 section 4.2:
// a relative reference's first segment holds no ':').
func canonHierarchical(s string) (string, error) {
	if strings.IndexByte(s, '\\') >= 0 {
		return "", notCanonical("backslash in a hierarchical value")
	}
	head, path, tail := splitURI(s)
	if head == "" && tail != "" && !unambiguousTail(path, tail) {
		return "", notCanonical("'?' or '#' where a path and a URI reference read different directories")
	}
	drive := ""
	if head == "" {
		if strings.HasPrefix(path, "//") {
			return "", notCanonical("a leading \"//\" names a network location (a UNC path, a URI authority), not a path on this server")
		}
		drive = driveOf(path)
		path = path[len(drive):]
	}
	// An empty head or tail decodes to itself: most values are a path alone.
	if head != "" {
		if d, err := decodeToFixedPoint(head); err != nil || d != head {
			return "", notCanonical("percent-encoding in a scheme or authority")
		}
	}
	if tail != "" {
		rawTail := tail
		var err error
		if tail, err = decodeToFixedPoint(tail); err != nil {
			return "", err
		}
		if introducesAny(rawTail, tail, uriReserved) {
			return "", notCanonical("percent-encoded delimiter in a query or fragment")
		}
		if tail != rawTail && hasStructureRune(tail) {
			return "", errStructureRune
		}
	}
	out, err := resolveSegments(path)
	if err != nil {
		return "", err
	}
	if drive != "" && out == "." {
		out = "" // "C:" is the drive's current directory already
	}
	if head != "" && out != "" && out[0] != '/' && strings.Contains(head, "//") {
		// An authority is followed by an absolute path or none (RFC 3986
		// section 3.3); a relative one would fuse with the host.
		return "", notCanonical("relative path after an authority")
	}
	r := out
	if head != "" || drive != "" || tail != "" {
		r = head + drive + out + tail
	}
	if strings.IndexByte(r, 0) >= 0 {
		return "", notCanonical("NUL in a hierarchical value")
	}
	r = nfcOf(r)
	if h, _, t := splitURI(r); h != head || t != tail {
		return "", notCanonical("the canonical form reads as another scheme, authority, query or fragment")
	}
	if head == "" && driveOf(r) != drive {
		return "", notCanonical("the canonical form begins with a drive letter the value did not begin with")
	}
	return r, nil
}

// driveOf returns the drive letter a value without a scheme begins with,
// "C:" of "C:/x" and of "C:x", or "": one ASCII letter and ':' (schemeEnd
// reads no scheme of one letter). A Windows server reads "C:/x" from the
// root of drive C and "C:x" from that drive's current directory, so the
// drive is the root the path's segments resolve under, as '/' is for an
// absolute path: a ".." never removes it ("C:/.." climbs above its root,
// SEP-3246 section 3.2.2 step 3, where removing it as a segment gave ".",
// another directory), and resolution never makes one that was not
// written ("./c:x", "c%3Ax": a file "c:x" here, drive C's x there).
func driveOf(s string) string {
	if len(s) >= 2 && s[1] == ':' && ('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') {
		return s[:2]
	}
	return ""
}

// foldMakesScheme reports whether case folding (section 3.2.2) turned the
// canonical form c, read without a scheme, into folded, read with one:
// folding moves no delimiter, but it turns characters no scheme holds into
// ASCII letters (U+00DF to "ss", U+017F to "s", U+FB00 to "ff"), so the
// path "ß:x" would fold to "ss:x", the scheme "ss" (RFC 3986 section 3.1),
// another structure (findings/spec/canon-encoded-delimiter.md). A scheme
// is ASCII and folds to one, so folding never removes one.
func foldMakesScheme(c, folded string) bool {
	return schemeEnd(c) < 0 && schemeEnd(folded) >= 0
}

// foldMakesDrive reports whether case folding turned the canonical form c,
// which begins with no drive letter, into folded, which does: U+017F
// folds to "s", so "ſ:x" (a file) would fold to "s:x" (drive S), as
// foldMakesScheme's "ß:x" folds to a scheme. A scheme of c keeps its
// place under folding, so only a value without one is read for a drive.
func foldMakesDrive(c, folded string) bool {
	return schemeEnd(c) < 0 && driveOf(c) == "" && driveOf(folded) != ""
}

// unambiguousTail reports whether a value without scheme and authority
// that has a '?' or '#' names the same directories whether it is read as a
// file path (where '?' is a name character) or as a URI reference (where it
// starts a query): the tail holds no '/', and the segment before it is a
// name, not empty, "." or "..". "/srv/acme/..?x" is "/srv/acme/..?x" to a
// file server and "/srv?x" to a URI parser; it is refused
// (findings/spec/canon-query-in-path.md).
func unambiguousTail(path, tail string) bool {
	last := path[strings.LastIndexByte(path, '/')+1:]
	return !strings.Contains(tail, "/") && last != "" && last != "." && last != ".."
}

// uriReserved are the RFC 3986 section 2.2 reserved characters.
const uriReserved = ":/?#[]@!$&'()*+,;="

// introducesAny reports whether decoded holds more of some character of set
// than raw did: decoding created a delimiter that was data.
func introducesAny(raw, decoded, set string) bool {
	if raw == decoded {
		return false // nothing decoded: most values
	}
	for _, c := range set {
		if strings.Count(decoded, string(c)) > strings.Count(raw, string(c)) {
			return true
		}
	}
	return false
}

// splitURI splits s into scheme and authority, path, and query with
// fragment (RFC 3986 section 3). A plain file path is ("", path, "")
// unless it has a '?' or '#'.
func splitURI(s string) (head, path, tail string) {
	rest := s
	if i := schemeEnd(s); i > 0 {
		head, rest = s[:i+1], s[i+1:]
	}
	if strings.HasPrefix(rest, "//") && head != "" {
		end := len(rest)
		if j := indexAnyByte(rest[2:], "/?#"); j >= 0 {
			end = j + 2
		}
		head, rest = head+rest[:end], rest[end:]
	}
	if j := indexAnyByte(rest, "?#"); j >= 0 {
		return head, rest[:j], rest[j:]
	}
	return head, rest, ""
}

// indexAnyByte is strings.IndexAny for a set of a few ASCII bytes: one
// strings.IndexByte a byte of the set, each searching only before the
// first found so far. Its code is a few lines and IndexByte's, which the
// decision runs anyway, where IndexAny's (an ASCII set built past 8
// bytes) is many more lines for a cold processor to fetch; a long value
// costs a fast scan a byte of the set.
func indexAnyByte(s, set string) int {
	first := -1
	for j := 0; j < len(set); j++ {
		if i := strings.IndexByte(s, set[j]); i >= 0 {
			first, s = i, s[:i]
		}
	}
	return first
}

// schemeEnd returns the index of the ':' ending an RFC 3986 scheme
// (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) of at least two characters,
// or -1; one letter followed by ':' is a drive letter, not a scheme.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':' && i >= 2:
			return i
		default:
			return -1
		}
	}
	return -1
}

// resolveSegments percent-decodes each segment of path (between '/') to a
// fixed point, refusing what decoding would change the structure of, then
// resolves dot segments, collapses repeated separators and removes a
// trailing one. "/" stays "/"; a relative path whose segments all cancel
// is ".". Every segment is judged before the resolution is: "q%00/.."
// must not resolve to its parent, and a path refused for a segment is
// refused for it even if it also climbs above its root. The walk writes
// the result as it goes, popping a segment by cutting at its separator, so
// it costs the path's length, not a string per segment.
func resolveSegments(path string) (string, error) {
	if path == "" || resolved(path) {
		return path, nil
	}
	return walkSegments(path)
}

// walkSegments is resolveSegments for a path that is not empty.
func walkSegments(path string) (string, error) {
	abs := path[0] == '/'
	out := make([]byte, 0, len(path)+1)
	base := 0 // the bytes of out no ".." removes: the root's separator
	if abs {
		out, base = append(out, '/'), 1
	}
	depth := 0
	var climbs error
	for rest, more := path, true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, "/")
		d, err := decodeSegment(seg)
		if err != nil {
			return "", err
		}
		switch {
		case d == "" || d == ".":
		case d == "..":
			if depth == 0 {
				if climbs == nil {
					climbs = notCanonical("the path climbs above its root")
				}
				continue
			}
			depth--
			out = out[:max(base, bytes.LastIndexByte(out, '/'))]
		case climbs == nil:
			if depth > 0 {
				out = append(out, '/')
			}
			out = append(out, d...)
			depth++
		}
	}
	switch {
	case climbs != nil:
		return "", climbs
	case len(out) == 0:
		return ".", nil
	case string(out) == path:
		return path, nil // already canonical
	}
	// out is not written again: the string shares its bytes, as
	// strings.Builder's does, rather than copying the path once more.
	return unsafe.String(&out[0], len(out)), nil
}

// resolved reports whether resolveSegments would return path as it is,
// without writing it: no '%' to decode (so no segment decodes to anything
// else), no NUL or backslash, and between the separators (after the
// root's, for an absolute path) no empty, "." or ".." segment. Most
// paths a chain and a call carry are, and then cost nothing to resolve.
func resolved(path string) bool {
	if indexAnyByte(path, "%\\\x00") >= 0 {
		return false
	}
	rest := strings.TrimPrefix(path, "/")
	for {
		i := strings.IndexByte(rest, '/')
		seg := rest
		if i >= 0 {
			seg = rest[:i]
		}
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
		if i < 0 {
			return true
		}
		rest = rest[i+1:]
	}
}

// decodeSegment percent-decodes one path segment to a fixed point, and
// refuses a segment whose decoding holds NUL, a separator, a dot segment
// it was not written as, or a query or fragment delimiter.
func decodeSegment(seg string) (string, error) {
	d, err := decodeToFixedPoint(seg)
	if err != nil {
		return "", err
	}
	if strings.IndexByte(d, 0) >= 0 {
		return "", notCanonical("NUL in a hierarchical value")
	}
	if strings.ContainsAny(d, "/\\") {
		return "", notCanonical("segment %q decodes to a separator", seg)
	}
	if (d == "." || d == "..") && d != seg {
		return "", notCanonical("segment %q decodes to a dot segment", seg)
	}
	if d != seg && hasStructureRune(d) {
		return "", errStructureRune
	}
	if introducesAny(seg, d, "?#") {
		return "", notCanonical("segment %q decodes to a query or fragment delimiter", seg)
	}
	return d, nil
}

// errStructureRune is the refusal of a rune of structureRunes, made once.
var errStructureRune = notCanonical("a rune NFKC or a best-fit mapping reads as path structure ('.', '/', '\\', '%%', '?', '#' or ':') in a hierarchical value")

// hasStructureRune reports whether s holds a rune of structureRunes
// (structure_runes.go, derived from NFKC by TestStructureRunesFile): one a
// reader applying NFKC compatibility mapping, or a Windows program
// converting to an ANSI code page with best-fit mapping where that
// mapping agrees with NFKC, reads as '.', '/' or '\' (U+FF0E, U+2024,
// U+2025 are dots, U+FF0F a solidus, U+FF3C a reverse solidus), or as
// '%', '?', '#' or ':' (U+FF05, U+FF1F, U+FF03, U+FF1A and their small
// forms), where this package, POSIX and the wide-character file APIs read
// a name: "/srv/acme/\uff0e\uff0e\uff0f\uff0e\uff0e/etc" is
// "/srv/acme/../../etc" to the first, "/srv/acme/..\uff1fx" is
// "/srv/acme/.." and a query to a reader that parses a query after NFKC,
// and "/srv/acme/\uff052e\uff052e" is ".." to one that decodes after it. An ASCII string holds none, nor does one whose runes are
// all below U+2000: the table's lowest is U+2024, whose UTF-8 begins
// with 0xE2, and every byte of a lower rune is below 0xE2
// (TestStructureRunes checks every rune alone), so such bytes are passed
// over without decoding them.
func hasStructureRune(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0xE2 {
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if _, found := slices.BinarySearch(structureRunes, r); found {
			return true
		}
		i += n - 1
	}
	return false
}
