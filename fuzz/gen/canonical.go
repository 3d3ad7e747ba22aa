package gen

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Canonical returns the RFC 8785 canonical form of v, written from the
// value tree and independently of package jcs: the model the fuzz targets
// hold every canonicalizer to.
func Canonical(v Value) []byte {
	return appendCanonical(nil, v)
}

// CanonicalBy is Canonical with members sorted by compare instead of by
// UTF-16 code units: the planted faults of package planted use it to sort
// by code point.
func CanonicalBy(v Value, compare func(a, b string) int) []byte {
	return appendSorted(nil, v, compare)
}

func appendCanonical(dst []byte, v Value) []byte {
	return appendSorted(dst, v, CompareUTF16)
}

func appendSorted(dst []byte, v Value, compare func(a, b string) int) []byte {
	switch v.Kind {
	case Bool:
		if v.Bool {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		return append(dst, ECMAScriptNumber(v.Num)...)
	case String:
		return appendCanonicalString(dst, v.Str)
	case Array:
		dst = append(dst, '[')
		for i, e := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendSorted(dst, e, compare)
		}
		return append(dst, ']')
	case Object:
		members := slices.Clone(v.Members)
		slices.SortFunc(members, func(a, b Member) int { return compare(a.Name, b.Name) })
		dst = append(dst, '{')
		for i, m := range members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendCanonicalString(dst, m.Name)
			dst = append(dst, ':')
			dst = appendSorted(dst, m.Value, compare)
		}
		return append(dst, '}')
	}
	return append(dst, "null"...)
}

// CompareUTF16 orders two strings by their UTF-16 code units, as RFC 8785
// section 3.2.3 sorts member names.
func CompareUTF16(a, b string) int {
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}

// appendCanonicalString writes s as RFC 8785 section 3.2.2.2 does: the
// two-character escapes where JSON has them, \u00xx in lower case for the
// other controls, everything else as it is.
func appendCanonicalString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for _, r := range s {
		switch r {
		case '"':
			dst = append(dst, `\"`...)
		case '\\':
			dst = append(dst, `\\`...)
		case '\b':
			dst = append(dst, `\b`...)
		case '\f':
			dst = append(dst, `\f`...)
		case '\n':
			dst = append(dst, `\n`...)
		case '\r':
			dst = append(dst, `\r`...)
		case '\t':
			dst = append(dst, `\t`...)
		default:
			if r < 0x20 {
				dst = append(dst, `\u00`...)
				dst = append(dst, "0123456789abcdef"[r>>4], "0123456789abcdef"[r&15])
			} else {
				dst = utf8.AppendRune(dst, r)
			}
		}
	}
	return append(dst, '"')
}

// ECMAScriptNumber is Number::toString(f) for a finite f (ECMA-262 11th
// edition, section 6.1.6.1.20), the number form of RFC 8785 section
// 3.2.2.3, laid out step by step from strconv's shortest digits.
func ECMAScriptNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign = "-"
	}
	digits, n := shortest(math.Abs(f))
	k := len(digits)
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	e := n - 1
	exp := "e+" + strconv.Itoa(e)
	if e < 0 {
		exp = "e-" + strconv.Itoa(-e)
	}
	if k == 1 {
		return sign + digits + exp
	}
	return sign + digits[:1] + "." + digits[1:] + exp
}

// shortest returns the shortest digits s of the positive double f and the
// n with f = 0.s × 10^n.
func shortest(f float64) (string, int) {
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±x
	i := strings.IndexByte(e, 'e')
	x, _ := strconv.Atoi(e[i+1:])
	return strings.Replace(e[:i], ".", "", 1), x + 1
}
