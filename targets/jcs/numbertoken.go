package jcs

import (
	"math"
	"strconv"
)

// maxExactDigits is the most significant decimal digits that a double is
// guaranteed to keep (DBL_DIG): two different decimals of at most 15
// significant digits in the normal range read as two different doubles, so
// such a decimal is its own shortest round-trip form.
const maxExactDigits = 15

// exactExponentLimit bounds the decimal point position n (value 0.s × 10^n)
// for which the 15-digit guarantee is used: well inside the normal range of
// doubles (about 2.2e-308 to 1.8e308), so no subnormal or overflow case is
// taken on the fast path.
const exactExponentLimit = 290

// appendNumber writes the JSON number token that starts at in[i] in the
// form of RFC 8785 section 3.2.2.3 and returns the offset after the token;
// a token outside the RFC 8259 section 6 grammar is errSyntax. It reads the
// token once and chooses:
//
//   - a token already in its canonical form is copied (canonicalAsWritten);
//   - a token with at most 15 significant digits is laid out again from its
//     own digits (appendShortNumber);
//   - any other is read by strconv.ParseFloat, which rounds correctly, and
//     written by AppendNumber.
func appendNumber(dst, in []byte, i int) ([]byte, int, error) {
	start := i
	if i < len(in) && in[i] == '-' {
		i++
	}
	intStart := i
	for i < len(in) && isDigit(in[i]) {
		i++
	}
	intEnd := i
	if n := intEnd - intStart; n == 0 || n > 1 && in[intStart] == '0' {
		return dst, intStart, errSyntax
	}
	fracStart, fracEnd := i, i
	if i < len(in) && in[i] == '.' {
		i++
		fracStart = i
		for i < len(in) && isDigit(in[i]) {
			i++
		}
		fracEnd = i
		if fracEnd == fracStart {
			return dst, i, errSyntax
		}
	}
	plain := true
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		plain = false
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		expStart := i
		for i < len(in) && isDigit(in[i]) {
			i++
		}
		if i == expStart {
			return dst, i, errSyntax
		}
	}
	tok := in[start:i]
	if plain && canonicalAsWritten(in[intStart:intEnd], in[fracStart:fracEnd], fracStart > intEnd, start < intStart) {
		return append(dst, tok...), i, nil
	}
	if n := intEnd - intStart + fracEnd - fracStart; plain && n > maxExactDigits &&
		in[intStart] != '0' && in[i-1] != '0' {
		// More significant digits than the shortcuts take: straight to
		// ParseFloat.
		out, err := appendFloat(dst, tok)
		return out, i, err
	}
	out, err := appendNumberToken(dst, tok)
	return out, i, err
}

// canonicalAsWritten reports whether a number without exponent, given as
// its integer digits and fraction digits (after a '.' if dot), is written
// exactly as Number::toString would write its value: no leading zero
// before other integer digits, no trailing zero in the fraction, not a
// zero with a sign or a fraction, at most 15 significant digits (so the
// digits are the shortest, see maxExactDigits) or an integer below 2^53,
// and its point where ECMA-262 steps 6 to 8 put it.
func canonicalAsWritten(intDigits, fracDigits []byte, dot, neg bool) bool {
	n := len(intDigits)
	if n == 0 || intDigits[0] == '0' && n > 1 {
		return false
	}
	if !dot {
		switch {
		case intDigits[0] == '0':
			return !neg // "0", not "-0"
		case n < len(twoTo53):
			return true
		case n == len(twoTo53):
			return string(intDigits) < twoTo53
		}
		return false
	}
	f := len(fracDigits)
	if f == 0 || fracDigits[f-1] == '0' {
		return false
	}
	if intDigits[0] != '0' {
		return n+f <= maxExactDigits
	}
	z := 0 // zeros after the point: step 8 allows at most 5
	for z < f && fracDigits[z] == '0' {
		z++
	}
	return z <= 5 && f-z <= maxExactDigits
}

// twoTo53 is 2^53: every integer below it is a double, written with its
// own digits.
const twoTo53 = "9007199254740992"

// appendNumberToken appends the RFC 8785 section 3.2.2.3 form of the
// number token tok to dst, without the verbatim shortcut of appendNumber.
func appendNumberToken(dst, tok []byte) ([]byte, error) {
	if out, ok := appendShortNumber(dst, tok); ok {
		return out, nil
	}
	return appendFloat(dst, tok)
}

// appendFloat reads the number token tok as the nearest double, rounding
// half to even, and writes it with AppendNumber. A token of at most 19
// significant digits in the range of decimalToFloat is read by it; any
// other, or one it cannot decide, by strconv.ParseFloat.
func appendFloat(dst, tok []byte) ([]byte, error) {
	if neg, w, q, ok := readDecimal(tok); ok {
		if f, ok := decimalToFloat(w, q); ok {
			if neg {
				f = -f
			}
			return AppendNumber(dst, f), nil
		}
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, errNumber
	}
	return AppendNumber(dst, f), nil
}

// readDecimal reads a number token as neg, w and q with value ±w × 10^q,
// reporting false for a zero, for more than 19 significant digits (w would
// not be exact) and for an exponent of more than four digits.
func readDecimal(tok []byte) (neg bool, w uint64, q int, ok bool) {
	i := 0
	if i < len(tok) && tok[i] == '-' {
		neg = true
		i++
	}
	digits := 0 // significant digits in w
	frac := false
	for ; i < len(tok); i++ {
		c := tok[i]
		if c == '.' {
			frac = true
			continue
		}
		if !isDigit(c) {
			break
		}
		if frac {
			q--
		}
		if digits == 0 && c == '0' {
			continue
		}
		if digits == 19 {
			return false, 0, 0, false
		}
		w = w*10 + uint64(c-'0')
		digits++
	}
	if i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
		i++
		negExp := false
		if i < len(tok) && (tok[i] == '+' || tok[i] == '-') {
			negExp = tok[i] == '-'
			i++
		}
		e, n := 0, 0
		for ; i < len(tok) && isDigit(tok[i]); i++ {
			e = e*10 + int(tok[i]-'0')
			if n++; n > 4 {
				return false, 0, 0, false
			}
		}
		if negExp {
			e = -e
		}
		q += e
	}
	return neg, w, q, w != 0 && i == len(tok)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// appendShortNumber is the fast path of appendNumberToken. It reports false,
// with dst unchanged, for any token it does not handle, including tokens the
// RFC 8259 grammar rejects.
func appendShortNumber(dst, tok []byte) ([]byte, bool) {
	i := 0
	neg := false
	if i < len(tok) && tok[i] == '-' {
		neg = true
		i++
	}
	var s [maxExactDigits]byte
	seen := 0   // significant digits seen, zeros included
	k := 0      // significant digits up to the last non-zero one
	intLen := 0 // digits of the integer part after its leading zeros
	digits := 0 // digits of the integer part
	for ; i < len(tok) && isDigit(tok[i]); i++ {
		digits++
		c := tok[i]
		if seen == 0 && c == '0' {
			continue
		}
		intLen++
		if c != '0' {
			if seen >= maxExactDigits {
				return dst, false
			}
			s[seen] = c
			seen++
			k = seen
		} else {
			if seen < maxExactDigits {
				s[seen] = c
			}
			seen++
		}
	}
	if digits == 0 {
		return dst, false
	}
	n := intLen
	if i < len(tok) && tok[i] == '.' {
		i++
		frac := 0
		for ; i < len(tok) && isDigit(tok[i]); i++ {
			frac++
			c := tok[i]
			if seen == 0 && c == '0' {
				n-- // a leading zero of the fraction moves the point left
				continue
			}
			if c != '0' {
				if seen >= maxExactDigits {
					return dst, false
				}
				s[seen] = c
				seen++
				k = seen
			} else {
				if seen < maxExactDigits {
					s[seen] = c
				}
				seen++
			}
		}
		if frac == 0 {
			return dst, false
		}
	}
	if i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
		i++
		negExp := false
		if i < len(tok) && (tok[i] == '+' || tok[i] == '-') {
			negExp = tok[i] == '-'
			i++
		}
		exp := 0
		expDigits := 0
		for ; i < len(tok) && isDigit(tok[i]); i++ {
			expDigits++
			exp = exp*10 + int(tok[i]-'0')
			if exp > 10*exactExponentLimit {
				return dst, false
			}
		}
		if expDigits == 0 {
			return dst, false
		}
		if negExp {
			exp = -exp
		}
		n += exp
	}
	if i != len(tok) {
		return dst, false
	}
	if k == 0 { // every digit is zero: +0 or -0, both written "0"
		return append(dst, '0'), true
	}
	if n < -exactExponentLimit || n > exactExponentLimit {
		return dst, false
	}
	if neg {
		dst = append(dst, '-')
	}
	return appendDecimal(dst, s[:k], n), true
}
