package planted

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// CanonNormalizeThenDecode canonicalizes a hierarchical argument (SEP-3246
// section 3.2.2) with steps 2 and 3 swapped: the path is normalized first
// ("." and ".." resolved, repeated and trailing separators removed, a ".."
// above the root refused) and percent-decoded afterwards, to a fixed
// point. An encoded dot segment is a name while the dots are resolved and
// a ".." once decoded: "/srv/acme/%2e%2e" comes out "/srv/acme/..", the
// fault of servers and guards that decode late.
func CanonNormalizeThenDecode(s string, fold bool) (string, error) {
	if !utf8.ValidString(s) || strings.ContainsAny(s, "\\\x00") {
		return "", errors.New("planted: not UTF-8, or a backslash or NUL")
	}
	segs := strings.Split(norm.NFC.String(s), "/")
	var stack []string
	for _, seg := range segs {
		switch seg {
		case "", ".":
		case "..":
			if len(stack) == 0 {
				return "", errors.New("planted: climbs above the root")
			}
			stack = stack[:len(stack)-1]
		default:
			stack = append(stack, seg)
		}
	}
	out := strings.Join(stack, "/")
	switch {
	case s == "":
	case segs[0] == "":
		out = "/" + out
	case out == "":
		out = "."
	}
	for range 5 {
		d, err := unescape(out)
		if err != nil {
			return "", err
		}
		if d == out {
			break
		}
		out = norm.NFC.String(d)
	}
	if fold {
		out = norm.NFC.String(cases.Fold().String(out))
	}
	return out, nil
}

// unescape decodes every %XX of s once (url.PathUnescape: a '%' not
// followed by two hex digits is refused, '+' is itself) and refuses
// decoded bytes that are not UTF-8.
func unescape(s string) (string, error) {
	d, err := url.PathUnescape(s)
	if err != nil {
		return "", fmt.Errorf("planted: malformed percent-encoding: %w", err)
	}
	if !utf8.ValidString(d) {
		return "", errors.New("planted: decoded bytes are not UTF-8")
	}
	return d, nil
}

// CanonRootAsSegment canonicalizes a hierarchical argument as bound did
// before findings/spec/canon-path-root.md: the root of a value without a
// scheme is read as a segment like any other, so a leading "//" (a UNC
// path, a URI authority) collapses into the local "/h/x" and a drive
// letter is a segment a ".." removes: "C:/.." comes out ".", another
// directory, and "C:x/.." the same. The drive stands in as a placeholder
// segment (U+E000, which NFC and folding leave alone) while bound
// resolves the rest.
func CanonRootAsSegment(s string, fold bool) (string, error) {
	if strings.HasPrefix(s, "//") {
		return bound.CanonicalizeString("/"+strings.TrimLeft(s, "/"), bound.ModeHierarchical, fold)
	}
	if len(s) < 2 || s[1] != ':' || !('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') {
		return bound.CanonicalizeString(s, bound.ModeHierarchical, fold)
	}
	const stand = "\ue000"
	c, err := bound.CanonicalizeString(stand+s[2:], bound.ModeHierarchical, fold)
	if err != nil {
		return "", err
	}
	drive := s[:2]
	if fold {
		drive = strings.ToLower(drive)
	}
	return strings.Replace(c, stand, drive, 1), nil
}
