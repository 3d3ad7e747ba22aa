package property

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// errOutOfScope marks a value the path model does not judge: one with a
// ':', '?' or '#', raw or decoded, which a server may read as a URI (a
// scheme, a query, a fragment) or as a file name, two readings the
// targets/bound findings treat on their own (findings/spec/canon-query-in-path.md).
var errOutOfScope = errors.New("a URI delimiter: out of the model's scope")

// decodeRounds is the documented bound on percent-decoding rounds
// (SEP-3246 section 3.2.2 step 2 asks for "a small fixed number of
// iterations"; targets/bound/canon.go documents four: "%25252541" needs
// four rounds and passes, one more level of %25 is refused). It is the
// number, not bound.MaxDecodeRounds: a property that read the target's
// constant would move with it, and a changed bound would be a difference
// no fuzzer could see (the fuzz score's blind spot of ShiftLimit on
// MaxDecodeRounds, docs/EFFICACY.md).
const decodeRounds = 4

// resolvePath is the slow reference resolver of ArgumentCanonicalizationMatchesResolver (FuzzArgumentCanonicalization):
// the resource a hierarchical argument (SEP-3246 section 3.2.2) denotes,
// written as "/a/b" (absolute), "a/b" or "." (relative), or "" for the
// empty value, or an error when the value does not denote one resource:
//
//  1. it must be UTF-8; NFC it;
//  2. percent-decode the whole string, one round at a time, NFC after
//     each round, until it stops changing, in at most
//     decodeRounds rounds; a '%' without two hex digits, or
//     decoded bytes that are not UTF-8, make it unresolvable;
//  3. a NUL or a backslash anywhere, raw or decoded, makes it unresolvable
//     (a C-string server stops at the NUL, a Windows server splits at the
//     backslash: findings/spec/canon-nul.md, canon-encoded-separator.md),
//     and so does a leading "//", a network location to Windows and to a
//     URI reader, not a path with a doubled separator
//     (findings/spec/canon-path-root.md), and so does a rune, raw or
//     decoded, whose NFKC form holds '.', '/', '\', '%', '?', '#' or ':'
//     (U+FF0E FULLWIDTH FULL STOP, U+2025 TWO DOT LEADER, U+FF0F FULLWIDTH
//     SOLIDUS, U+FF1F FULLWIDTH QUESTION MARK...), path structure to a
//     reader applying NFKC or a Windows best-fit mapping (findings/spec/canon-compatibility-structure.md; asked of
//     x/text's NFKC rune by rune, not of targets/bound's table);
//  4. decoding must not move the structure: the decoded string has as many
//     '/' as the raw one, and no segment is "." or ".." decoded that was
//     not so written (a server that does not decode reads another path);
//  5. split the decoded string on '/' and resolve it on a stack: "" and
//     "." are dropped, ".." pops, and a ".." with nothing to pop climbs
//     above the root and is unresolvable;
//  6. under case folding each segment is folded (and NFC'd again), the
//     Cherokee letters to their capitals as CaseFolding.txt says, which
//     x/text's cases.Fold gets wrong one way (foldSegment).
//
// It shares no code with targets/bound: it decodes the whole string where
// bound splits first, and it is written for clarity, not speed.
func resolvePath(x string, fold bool) (string, error) {
	if !utf8.ValidString(x) {
		return "", errors.New("not UTF-8")
	}
	raw := norm.NFC.String(x)
	s, err := decodeSettled(raw)
	if err != nil {
		return "", err
	}
	switch {
	case strings.ContainsAny(raw+s, ":?#"):
		return "", errOutOfScope
	case strings.ContainsAny(raw+s, "\x00\\"):
		return "", errors.New("a NUL or a backslash")
	case compatibilityStructure(raw + s):
		return "", errors.New("a rune NFKC reads as path structure")
	case strings.HasPrefix(raw, "//"):
		return "", errors.New("a leading '//': a network location (UNC path, URI authority)")
	case x == "":
		return "", nil
	}
	rawSegs, segs := strings.Split(raw, "/"), strings.Split(s, "/")
	if len(rawSegs) != len(segs) {
		return "", errors.New("decoding made a separator")
	}
	var stack []string
	for i, seg := range segs {
		switch {
		case (seg == "." || seg == "..") && rawSegs[i] != seg:
			return "", errors.New("decoding made a dot segment")
		case seg == "" || seg == ".":
		case seg == "..":
			if len(stack) == 0 {
				return "", errors.New("climbs above the root")
			}
			stack = stack[:len(stack)-1]
		case fold:
			stack = append(stack, foldSegment(seg))
		default:
			stack = append(stack, seg)
		}
	}
	path := strings.Join(stack, "/")
	switch {
	case strings.HasPrefix(s, "/"):
		return "/" + path, nil
	case path == "":
		return ".", nil
	}
	return path, nil
}

// compatibilityStructure reports whether s holds a non-ASCII rune whose
// NFKC form holds '.', '/', '\', '%', '?', '#' or ':' (step 3 of
// resolvePath). NFKC maps rune by rune here: composition never makes an
// ASCII character.
func compatibilityStructure(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && strings.ContainsAny(norm.NFKC.String(string(r)), `./\%?#:`) {
			return true
		}
	}
	return false
}

// decodeSettled percent-decodes s one round at a time, NFC after each
// round, until it stops changing, in at most decodeRounds rounds (step 2
// of resolvePath).
func decodeSettled(s string) (string, error) {
	for round := 0; ; round++ {
		d, err := decodeOnce(s)
		if err != nil {
			return "", err
		}
		if d == s {
			return s, nil
		}
		if round == decodeRounds {
			return "", errors.New("percent-decoding does not settle")
		}
		s = norm.NFC.String(d)
	}
}

// decodeOnce replaces every %XX of s by its byte, once.
func decodeOnce(s string) (string, error) {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || fromHex(s[i+1]) < 0 || fromHex(s[i+2]) < 0 {
			return "", errors.New("a '%' without two hex digits")
		}
		b = append(b, byte(fromHex(s[i+1])<<4|fromHex(s[i+2])))
		i += 2
	}
	if !utf8.Valid(b) {
		return "", errors.New("decoded bytes are not UTF-8")
	}
	return string(b), nil
}

// fromHex is the value of one hex digit, or -1.
func fromHex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// foldSegment is Unicode full case folding of one segment: x/text's
// cases.Fold, except that a Cherokee letter folds to its capital, as
// CaseFolding.txt says (x/text folds the capitals back to the small
// letters), then NFC.
func foldSegment(seg string) string {
	f := cases.Fold().String(seg)
	return norm.NFC.String(strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cherokee, r) {
			return unicode.ToUpper(r)
		}
		return r
	}, f))
}
