package bound

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// errUncanonical is a value or operand the reading cannot canonicalize
// (section 3.2.2: "MUST reject ... rather than matching against the raw
// value"); the constraint it is in is no match.
var errUncanonical = errors.New("bound: cannot be canonicalized under the reading")

// canonString is section 3.2.2 under r and mode m (ModePlain or
// ModeHierarchical). As written: NFC; for a hierarchical string,
// percent-decoding of the whole value until it stops changing, at most
// MaxDecodeRounds times, refusing a '%' that starts no octet and a value
// that has not stabilized; then path normalization of the decoded string
// ("." and ".." resolved, repeated separators collapsed, a trailing one
// removed, a ".." above the root refused). The hardening layers refuse
// more, or normalize again after decoding; HardenPathRoot resolves the
// path under its drive letter and refuses a leading "//"
// (findings/spec/canon-path-root.md).
func (r Reading) canonString(s string, m Mode, fold bool) (string, error) {
	if !utf8.ValidString(s) {
		return "", errUncanonical
	}
	if r.Harden&HardenEncodedStructure != 0 && plainNUL(s, m) {
		return "", errUncanonical // a C-string reader reads it cut (a path's NUL: encodesStructure)
	}
	s = norm.NFC.String(s)
	if m == ModeHierarchical {
		if r.Harden&HardenQueryInPath != 0 {
			if head, path, tail := splitURI(s); head == "" && tail != "" && !unambiguousTail(path, tail) {
				return "", errUncanonical
			}
		}
		if r.Harden&HardenEncodedStructure != 0 && encodesStructure(s) {
			return "", errUncanonical
		}
		drive := ""
		if r.Harden&HardenPathRoot != 0 && schemeEnd(s) < 0 {
			if strings.HasPrefix(s, "//") {
				return "", errUncanonical
			}
			drive = driveOf(s)
			s = s[len(drive):]
		}
		var err error
		if s, err = r.decode(s); err != nil {
			return "", err
		}
		if s, err = normalizePathAsWritten(s); err != nil {
			return "", err
		}
		if r.Harden&HardenPathRoot != 0 {
			if s = drive + s; driveOf(s) != drive {
				return "", errUncanonical
			}
		}
	}
	if fold {
		f := foldCase(s)
		if m == ModeHierarchical && r.Harden&HardenPathRoot != 0 && foldMakesDrive(s, f) {
			return "", errUncanonical
		}
		s = f
	}
	return s, nil
}

// decode percent-decodes s as a whole to a fixed point (section 3.2.2 step
// 2), NFC after each round under HardenNFCAfterDecoding.
func (r Reading) decode(s string) (string, error) {
	d, err := percentDecodeRounds(s, r.Harden&HardenNFCAfterDecoding != 0)
	if err != nil {
		return "", errUncanonical
	}
	return d, nil
}

// encodesStructure reports what HardenEncodedStructure refuses: a '\'
// anywhere, or a segment (between written '/') that decodes to NUL, a
// separator, a query or fragment delimiter, or a dot segment it was not
// written as (findings/spec/canon-encoded-separator.md,
// canon-encoded-delimiter.md, canon-nul.md); and a rune NFKC maps to '.',
// '/' or '\' anywhere, raw or decoded (hasStructureRune,
// findings/spec/canon-compatibility-structure.md).
func encodesStructure(s string) bool {
	if strings.IndexByte(s, '\\') >= 0 || hasStructureRune(s) {
		return true
	}
	for _, seg := range strings.Split(s, "/") {
		d, err := decodeToFixedPoint(seg)
		if err != nil {
			continue // malformed encoding is refused by every reading
		}
		if strings.ContainsAny(d, "/\\\x00") || (d == "." || d == "..") && d != seg || introducesAny(seg, d, "?#") || hasStructureRune(d) {
			return true
		}
	}
	return false
}

// normalizePathAsWritten is section 3.2.2 step 3 on the decoded string:
// split at every '/', drop empty and "." segments, let ".." remove the
// segment before it, and refuse a ".." with nothing to remove. An absolute
// path stays absolute ("/" for the root); a relative one whose segments all
// cancel is empty.
func normalizePathAsWritten(s string) (string, error) {
	if s == "" {
		return s, nil
	}
	var out []string
	for _, seg := range strings.Split(s, "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(out) == 0 {
				return "", errUncanonical
			}
			out = out[:len(out)-1]
		default:
			out = append(out, seg)
		}
	}
	if s[0] == '/' {
		return "/" + strings.Join(out, "/"), nil
	}
	return strings.Join(out, "/"), nil
}

// writtenAsDirectory reports whether a prefix operand, as written, ends
// at a separator or a dot segment: under PrefixBoundary it then admits its
// directory and what lies under it, never a longer name.
func writtenAsDirectory(op string) bool {
	op = norm.NFC.String(op)
	return op == "." || op == ".." || strings.HasSuffix(op, "/") || strings.HasSuffix(op, "/.") || strings.HasSuffix(op, "/..")
}

// stringMatcher is a compiled glob.
type stringMatcher interface{ MatchString(string) bool }

type globMatcher struct{ g *Glob }

func (m globMatcher) MatchString(s string) bool { return m.g.Match(s) }

// compileGlob compiles a glob operand under r and m. As written (section
// 3.2.2, "the identical transformation"): the operand is canonicalized as
// a string, decoding and all, and the result is read as a pattern of
// section 3.2.4, whose classes match any character of their set, '/'
// included. Under HardenGlobLiteralRuns the pattern is parsed first and
// only its literal runs are decoded and normalized (canonGlob, which then
// also refuses encoded structure in them); under HardenClassSeparator no
// class matches '/'. Forms the dialect does not define are refused by
// every reading (CompileGlob; findings/spec/glob-ambiguous-syntax.md).
func (r Reading) compileGlob(op string, m Mode, fold bool) (stringMatcher, error) {
	var g *Glob
	var err error
	if r.Harden&HardenEncodedStructure != 0 && plainNUL(op, m) {
		return nil, errUncanonical // as canonString refuses such a value
	}
	if r.Harden&HardenGlobLiteralRuns != 0 {
		g, err = canonGlob(op, m, fold)
	} else {
		var s string
		if s, err = r.canonString(op, m, fold); err == nil {
			g, err = CompileGlob(s)
		}
	}
	if err != nil {
		return nil, err
	}
	if r.Harden&HardenClassSeparator != 0 {
		return globMatcher{g}, nil
	}
	return globRegexp(g.toks, fold)
}

// globRegexp writes glob tokens as an anchored RE2 expression in which a
// class matches '/' when its set holds it. Case folding, if any, is RE2's
// simple folding.
func globRegexp(toks []token, fold bool) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString(`(?s)`)
	if fold {
		b.WriteString(`(?i)`)
	}
	b.WriteString(`\A`)
	for _, t := range toks {
		switch t.kind {
		case tokLit:
			b.WriteString(regexp.QuoteMeta(string(t.r)))
		case tokAny:
			b.WriteString(`[^/]`)
		case tokStar:
			b.WriteString(`[^/]*`)
		case tokGlobStar:
			b.WriteString(`.*`)
		case tokClass:
			b.WriteByte('[')
			if t.negated {
				b.WriteByte('^')
			}
			for _, rg := range t.ranges {
				b.WriteString(`\x{` + strconv.FormatInt(int64(rg.lo), 16) + `}-\x{` + strconv.FormatInt(int64(rg.hi), 16) + `}`)
			}
			b.WriteByte(']')
		}
	}
	b.WriteString(`\z`)
	return regexp.Compile(b.String())
}
