package planted

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

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
