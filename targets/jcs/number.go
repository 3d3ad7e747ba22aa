package jcs

import (
	"math"
	"strconv"
)

// AppendNumber appends the ECMAScript Number::toString form of f to dst: the
// serialization RFC 8785 section 3.2.2.3 prescribes for a JSON number, as
// defined by ECMA-262 (11th edition, 2020) section 6.1.6.1.20.
//
// For a finite f it writes the shortest decimal that reads back as f, as an
// integer up to 1e21, as a plain decimal fraction down to 1e-6 and in
// exponent form ("1e+21", "1.5e-7") outside that range. Both zeros are
// written "0".
//
// NaN and the infinities have no JSON form and never reach the writer from
// admitted input (admit refuses them as NumberNotFinite). For them
// AppendNumber still follows Number::toString and appends "NaN", "Infinity"
// or "-Infinity", which is what ECMAScript's String(x) returns and is not
// JSON; callers that write JSON must not pass them.
func AppendNumber(dst []byte, f float64) []byte {
	switch {
	case f == 0: // step 2: +0 and -0 are both "0"
		return append(dst, '0')
	case math.IsNaN(f): // step 1
		return append(dst, "NaN"...)
	case math.IsInf(f, 1): // step 4
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1): // step 3, then step 4
		return append(dst, "-Infinity"...)
	}
	// strconv's shortest digits are those of step 5. ECMAScript writes
	// them plainly from 1e-6 up to 1e21, which is strconv's 'f' layout, and
	// in exponent form outside, which is 'e' except that strconv pads the
	// exponent to two digits: only e-07, e-08 and e-09 can occur, since
	// exponent form is not used for -6 to +20.
	abs := math.Abs(f)
	if 1e-6 <= abs && abs < 1e21 {
		return strconv.AppendFloat(dst, f, 'f', -1, 64)
	}
	dst = strconv.AppendFloat(dst, f, 'e', -1, 64)
	if n := len(dst); dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
		dst[n-2] = dst[n-1]
		dst = dst[:n-1]
	}
	return dst
}

// appendDecimal lays out the positive value 0.s × 10^n as steps 6 to 10 of
// ECMA-262 Number::toString (11th edition, section 6.1.6.1.20) do. s holds
// the shortest round-trip digits: non-empty, first and last digit not '0';
// n is the position of the decimal point relative to them.
func appendDecimal(dst, s []byte, n int) []byte {
	k := len(s)
	switch {
	case k <= n && n <= 21: // step 6: an integer, padded with zeros
		dst = append(dst, s...)
		for range n - k {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21: // step 7: the point falls inside the digits
		dst = append(dst, s[:n]...)
		dst = append(dst, '.')
		dst = append(dst, s[n:]...)
	case -6 < n && n <= 0: // step 8: "0." and -n zeros before the digits
		dst = append(dst, '0', '.')
		for range -n {
			dst = append(dst, '0')
		}
		dst = append(dst, s...)
	default: // steps 9 and 10: exponent form
		dst = append(dst, s[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, s[1:]...)
		}
		dst = append(dst, 'e')
		e := n - 1
		if e >= 0 {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '-')
			e = -e
		}
		dst = strconv.AppendInt(dst, int64(e), 10)
	}
	return dst
}
