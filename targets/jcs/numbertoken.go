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

// appendNumberToken appends the RFC 8785 section 3.2.2.3 form of the JSON
// number token tok (RFC 8259 section 6 grammar) to dst.
//
// A token with at most 15 significant digits is written from its own digits:
// by the guarantee of maxExactDigits they are the shortest round-trip digits
// of its double, so only their layout (ECMA-262 Number::toString steps 6 to
// 10) changes. Any other token is read with strconv.ParseFloat, which rounds
// correctly, and written by AppendNumber.
func appendNumberToken(dst, tok []byte) ([]byte, error) {
	if out, ok := appendShortNumber(dst, tok); ok {
		return out, nil
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, errNumber
	}
	return AppendNumber(dst, f), nil
}

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

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
