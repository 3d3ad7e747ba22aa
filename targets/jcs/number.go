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
	// strconv's shortest form is "d.ddde±XX" with no trailing zeros in
	// the digits: exactly the k, n and s of step 5.
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	if e[0] == '-' { // step 3
		dst = append(dst, '-')
		e = e[1:]
	}
	var digits [17]byte
	k := 0
	i := 0
	for ; i < len(e) && e[i] != 'e'; i++ {
		if e[i] != '.' && k < len(digits) {
			digits[k] = e[i]
			k++
		}
	}
	exp := 0
	negExp := false
	for i++; i < len(e); i++ {
		switch c := e[i]; {
		case c == '-':
			negExp = true
		case '0' <= c && c <= '9':
			exp = exp*10 + int(c-'0')
		}
	}
	if negExp {
		exp = -exp
	}
	return appendDecimal(dst, digits[:k], exp+1)
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
