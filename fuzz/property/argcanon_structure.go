package property

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// uriStructure is what a reader of a hierarchical value takes from it
// besides its path (RFC 3986 section 3): a scheme, an authority, a query
// and a fragment, each with whether it is there at all ("a?" has an empty
// query, "a" none).
type uriStructure struct {
	scheme, authority, query, fragment  string
	hasAuthority, hasQuery, hasFragment bool
	// drive is the drive letter ("C:") a value without a scheme begins
	// with: the root a Windows server resolves its path under
	// (findings/spec/canon-path-root.md).
	drive string
}

// rfc3986Components is the regular expression of RFC 3986 Appendix B,
// which splits any string into the five components of section 3. The
// flag s lets its '.' match a line break too, as the appendix means: in
// RE2 '.' matches no '\n' by default, so a fragment holding one matched
// nothing and the string read as no structure at all.
var rfc3986Components = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`)

// rfc3986Scheme is section 3.1's scheme: ALPHA *( ALPHA / DIGIT / "+" /
// "-" / "." ), here of two characters at least.
var rfc3986Scheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]+$`)

// readStructure splits s as RFC 3986 Appendix B does, with two readings
// that targets/bound documents for a value that may be a file path
// (targets/bound/canon_path.go, splitURI and schemeEnd), so that the
// property holds bound to its own contract and not to a reading it
// declines: Appendix B's scheme counts only if it has section 3.1's
// grammar and two characters at least ("C:" is a drive letter, read as
// the value's drive), and "//" starts an authority only after a scheme
// (without one bound refuses it as a network location).
func readStructure(s string) uriStructure {
	u, _ := readComponents(s)
	return u
}

// readComponents is readStructure with the path component besides.
func readComponents(s string) (uriStructure, string) {
	m := rfc3986Components.FindStringSubmatch(s)
	if m == nil { // every group is optional: the expression matches every string
		panic("property: RFC 3986 Appendix B's expression did not match " + strconv.Quote(s))
	}
	var u uriStructure
	if m[1] != "" && rfc3986Scheme.MatchString(m[2]) {
		u.scheme = m[2]
	} else if m[1] != "" || m[3] != "" {
		// Not a scheme, or an authority with none: read the rest again
		// as a path, a query and a fragment.
		m = rfc3986Components.FindStringSubmatch("/" + s)
		m[3], m[4] = "", ""
	}
	if u.scheme != "" && m[3] != "" {
		u.authority, u.hasAuthority = m[4], true
	}
	u.query, u.hasQuery = m[7], m[6] != ""
	u.fragment, u.hasFragment = m[9], m[8] != ""
	if u.scheme == "" { // no authority either: the path runs to the query
		if len(s) >= 2 && s[1] == ':' && ('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') {
			u.drive = s[:2]
		}
		if i := strings.IndexAny(s, "?#"); i >= 0 {
			return u, s[:i]
		}
		return u, s
	}
	return u, m[5]
}

// structureMoved is the oracle that a hierarchical value's canonical form
// c reads, under readStructure, with the scheme, authority, query and
// fragment the value v was read with (SEP-3246 section 3.2.2: steps 2 and
// 3 normalize the path; they must not make a scheme, an authority, a
// query or a fragment; findings/spec/canon-encoded-delimiter.md): the
// query and fragment percent-decoded to a fixed point and NFC'd, and all
// of it folded under fold. And a value that is not empty never
// canonicalizes to "", which no structure comparison sees: the empty
// value reads as no structure, as "./ab:c" does. It returns the class of
// the departure ("emptied", "another-structure") with a description, or
// "" when there is none. A value whose query or fragment does not decode
// is not judged here (canonicalization must refuse it, which the other
// checks hold).
func structureMoved(v, c string, fold bool) (class, detail string) {
	if v != "" && c == "" {
		return "emptied", "a value that is not empty canonicalizes to the empty string"
	}
	want := readStructure(norm.NFC.String(v))
	var qerr, ferr error
	want.query, qerr = decodeSettled(want.query)
	want.fragment, ferr = decodeSettled(want.fragment)
	if qerr != nil || ferr != nil {
		return "", ""
	}
	if fold {
		want.scheme, want.authority = foldSegment(want.scheme), foldSegment(want.authority)
		want.query, want.fragment = foldSegment(want.query), foldSegment(want.fragment)
		want.drive = foldSegment(want.drive)
	}
	if got := readStructure(c); got != want {
		return "another-structure", "the value reads as " + want.String() + ", its canonical form as " + got.String()
	}
	return "", ""
}

// String writes the structure for a report.
func (u uriStructure) String() string {
	out := "scheme " + quoteOrNone(u.scheme, u.scheme != "") + ", authority " + quoteOrNone(u.authority, u.hasAuthority)
	out += ", query " + quoteOrNone(u.query, u.hasQuery) + ", fragment " + quoteOrNone(u.fragment, u.hasFragment)
	return out + ", drive " + quoteOrNone(u.drive, u.drive != "")
}

func quoteOrNone(s string, there bool) string {
	if !there {
		return "none"
	}
	return `"` + s + `"`
}
