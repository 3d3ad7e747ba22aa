package jcs

import (
	"math"
	"strconv"
	"strings"
)

// referenceNumber is the slow twin of AppendNumber: ECMA-262 (11th edition)
// section 6.1.6.1.20 Number::toString transcribed step by step, with the k,
// n and s of step 5 read off strconv's shortest exponent form.
func referenceNumber(x float64) string {
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
		return "-" + referenceNumber(-x)
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
