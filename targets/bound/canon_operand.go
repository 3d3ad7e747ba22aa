package bound

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// canonPrefix canonicalizes a prefix operand the way section 3.2.2 says
// values are canonicalized ("the identical transformation"), and reports
// whether it must end at a segment boundary: under ModeHierarchical a
// trailing separator is removed from the operand as from a value, and
// "/srv/acme/" becomes "/srv/acme", which as a string prefix would admit
// "/srv/acme-secrets". A boundary prefix p admits p itself and what lies
// under p+"/" (findings/spec/prefix-trailing-separator.md).
func canonPrefix(op string, m Mode, fold bool) (p string, boundary bool, err error) {
	if m != ModeHierarchical {
		p, err = canonString(op, m, fold)
		return p, false, err
	}
	_, path, tail := splitURI(norm.NFC.String(op))
	if tail == "" {
		boundary = path == "." || path == ".." || strings.HasSuffix(path, "/") ||
			strings.HasSuffix(path, "/.") || strings.HasSuffix(path, "/..")
	}
	if p, err = canonString(op, m, fold); err != nil {
		return "", false, err
	}
	if strings.HasSuffix(p, "/") {
		boundary = false // the root: every value under it already starts with "/"
	}
	return p, boundary, nil
}

// prefixAdmits is the prefix test on canonical strings.
func prefixAdmits(p string, boundary bool, v string) bool {
	if boundary {
		// v is p, or p and '/' begin it (strings.HasPrefix(v, p+"/")
		// without making that string)
		return v == p || len(v) > len(p) && v[len(p)] == '/' && v[:len(p)] == p
	}
	return strings.HasPrefix(v, p)
}

// canonGlob compiles a glob operand canonicalized like a value: NFC of the
// whole pattern, then, under ModeHierarchical, percent-decoding of each run
// of literal characters (a decoded metacharacter stays a literal:
// findings/spec/glob-percent-decoded-metacharacter.md) and path
// normalization over the segments between literal separators; case folding
// last. A ".." that follows a segment with a wildcard cannot be resolved and
// is refused, like a ".." above the root.
func canonGlob(pattern string, m Mode, fold bool) (*Glob, error) {
	g, err := CompileGlob(norm.NFC.String(pattern))
	if err != nil {
		return nil, err
	}
	toks := g.toks
	if m == ModeHierarchical {
		if toks, err = mapLiteralRuns(toks, func(s string) (string, error) {
			d, err := decodeToFixedPoint(s)
			switch {
			case err != nil:
			case strings.IndexByte(d, 0) >= 0:
				err = notCanonical("NUL in a hierarchical pattern")
			case introducesAny(s, d, "/\\?#") || decodesToDotSegment(s, d):
				// As for values: an encoded separator, dot segment or
				// delimiter reads differently to a server that does not
				// decode (findings/spec/canon-encoded-separator.md).
				err = notCanonical("percent-encoded separator, dot segment or delimiter in a pattern")
			case hasStructureRune(d):
				// As for values: a rune NFKC reads as a dot or a
				// separator, raw or decoded (canonHierarchical).
				err = errStructureRune
			}
			return d, err
		}); err != nil {
			return nil, err
		}
		if toks, err = normalizeGlobPath(toks); err != nil {
			return nil, err
		}
	}
	if fold {
		toks, _ = mapLiteralRuns(toks, func(s string) (string, error) {
			return foldCase(s), nil
		})
	}
	return newGlob(pattern, toks, fold), nil
}

// decodesToDotSegment reports whether a piece between '/' of the decoded
// run is "." or ".." while the same piece of the raw run was not. The
// pieces line up because decoding introduced no '/'.
func decodesToDotSegment(raw, decoded string) bool {
	rs, ds := strings.Split(raw, "/"), strings.Split(decoded, "/")
	for i := range ds {
		if (ds[i] == "." || ds[i] == "..") && (i >= len(rs) || rs[i] != ds[i]) {
			return true
		}
	}
	return false
}

// mapLiteralRuns replaces each maximal run of literal tokens by f of its
// text, as literal tokens.
func mapLiteralRuns(toks []token, f func(string) (string, error)) ([]token, error) {
	var out []token
	for i := 0; i < len(toks); {
		if toks[i].kind != tokLit {
			out = append(out, toks[i])
			i++
			continue
		}
		var run []rune
		for ; i < len(toks) && toks[i].kind == tokLit; i++ {
			run = append(run, toks[i].r)
		}
		s, err := f(string(run))
		if err != nil {
			return nil, err
		}
		for _, r := range s {
			out = append(out, token{kind: tokLit, r: r})
		}
	}
	return out, nil
}

// normalizeGlobPath applies section 3.2.2 step 3 to a pattern, segment by
// segment, where segments are split at literal '/' tokens.
func normalizeGlobPath(toks []token) ([]token, error) {
	abs := len(toks) > 0 && toks[0].kind == tokLit && toks[0].r == '/'
	var segs [][]token
	var cur []token
	flush := func() error {
		defer func() { cur = nil }()
		text, lit := literalOnly(cur)
		switch {
		case lit && (text == "" || text == "."):
			return nil
		case lit && text == "..":
			if len(segs) == 0 {
				return notCanonical("pattern climbs above its root")
			}
			if _, prev := literalOnly(segs[len(segs)-1]); !prev {
				return notCanonical("'..' after a segment with a wildcard cannot be resolved")
			}
			segs = segs[:len(segs)-1]
			return nil
		}
		segs = append(segs, cur)
		return nil
	}
	for _, t := range toks {
		if t.kind == tokLit && t.r == '/' {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cur = append(cur, t)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	var out []token
	if abs {
		out = append(out, token{kind: tokLit, r: '/'})
	}
	for i, s := range segs {
		if i > 0 {
			out = append(out, token{kind: tokLit, r: '/'})
		}
		out = append(out, s...)
	}
	if !abs && len(segs) == 0 && len(toks) > 0 {
		out = append(out, token{kind: tokLit, r: '.'})
	}
	return out, nil
}

func literalOnly(toks []token) (string, bool) {
	var b strings.Builder
	for _, t := range toks {
		if t.kind != tokLit {
			return "", false
		}
		b.WriteRune(t.r)
	}
	return b.String(), true
}
