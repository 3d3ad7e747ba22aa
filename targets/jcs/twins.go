package jcs

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// The harness API's slow twins of the writer's parts (parts.go): each
// written straight from the rule it implements, for clarity and not for
// speed, and held to its fast part by a property of fuzz/property (the
// fuzz targets of fuzz/jcs) and by this package's tests. Nothing the
// writer runs calls them.

// ReferenceCompareUTF16 is the slow twin of CompareUTF16: both names turned
// into their UTF-16 code units and compared unit by unit, as RFC 8785
// section 3.2.3 states the rule.
func ReferenceCompareUTF16(a, b []byte) int {
	return slices.Compare(utf16.Encode([]rune(string(a))), utf16.Encode([]rune(string(b))))
}

// ReferenceNumber is the slow twin of AppendNumber: ECMA-262 (11th edition)
// section 6.1.6.1.20 Number::toString transcribed step by step, with the k,
// n and s of step 5 read off strconv's shortest exponent form.
func ReferenceNumber(x float64) string {
	// 1. If x is NaN, return "NaN".
	if math.IsNaN(x) {
		return "NaN"
	}
	// 2. If x is +0 or -0, return "0".
	if x == 0 {
		return "0"
	}
	// 3. If x < 0, return "-" followed by Number::toString(-x).
	if x < 0 {
		return "-" + ReferenceNumber(-x)
	}
	// 4. If x is +Infinity, return "Infinity".
	if math.IsInf(x, 1) {
		return "Infinity"
	}
	// 5. Let n, k and s be integers such that k >= 1, 10^(k-1) <= s < 10^k,
	// s × 10^(n-k) is x, and k is as small as possible.
	mantissa, exponent, _ := strings.Cut(strconv.FormatFloat(x, 'e', -1, 64), "e")
	s := strings.Replace(mantissa, ".", "", 1)
	k := len(s)
	e, _ := strconv.Atoi(exponent)
	n := e + 1
	// 6. If k <= n <= 21: the k digits of s, then n-k zeros.
	if k <= n && n <= 21 {
		return s + strings.Repeat("0", n-k)
	}
	// 7. If 0 < n <= 21: the first n digits, ".", the remaining k-n digits.
	if 0 < n && n <= 21 {
		return s[:n] + "." + s[n:]
	}
	// 8. If -6 < n <= 0: "0.", -n zeros, the k digits.
	if -6 < n && n <= 0 {
		return "0." + strings.Repeat("0", -n) + s
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	abs := strconv.Itoa(max(n-1, 1-n))
	// 9. If k = 1: the digit, "e", the sign, abs(n-1).
	if k == 1 {
		return s + "e" + sign + abs
	}
	// 10. The first digit, ".", the other k-1, "e", the sign, abs(n-1).
	return s[:1] + "." + s[1:] + "e" + sign + abs
}

// ReferenceString is the slow twin of AppendStringToken: the decoded string s
// written character by character by the rules of RFC 8785 section 3.2.2.2.
func ReferenceString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
