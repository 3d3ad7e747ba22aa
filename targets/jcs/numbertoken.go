package jcs

import (
	"math"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// maxExactDigits is the most significant decimal digits that a double is
// guaranteed to keep (DBL_DIG): two different decimals of at most 15
// significant digits in the normal range read as two different doubles, so
// such a decimal is its own shortest round-trip form.
const maxExactDigits = 15

// exactExponentLimit bounds the decimal point position n (value 0.s × 10^n)
// for which the 15-digit guarantee is used: well inside the normal range of
// doubles (about 2.2e-308 to 1.8e308), so no subnormal or overflow case is
// taken on that path.
const exactExponentLimit = 290

// maxMantissaDigits is the most significant digits w can hold exactly:
// 10^19 - 1 < 2^64.
const maxMantissaDigits = 19

// A decimal is a number token read as ±w × 10^q.
type decimal struct {
	neg     bool
	w       uint64 // the first maxMantissaDigits significant digits
	q       int    // the power of ten w is scaled by
	digits  int    // significant digits in w
	inexact bool   // a non-zero digit past maxMantissaDigits was dropped
	hugeExp bool   // the exponent has more than four digits
	// The token's significant digits, the integer ones then the fraction
	// ones, from the first that is not a leading zero: the first digits
	// of w, as written, so that they are copied rather than formatted
	// from w again (sigDigits).
	sigInt, sigFrac []byte
}

// appendNumber writes the JSON number token that starts at in[i] in the
// form of RFC 8785 section 3.2.2.3 and returns the offset after the token;
// a token outside the RFC 8259 section 6 grammar is errSyntax. It reads the
// token once, into a decimal, and then takes the first way that applies:
//
//   - a token already in its canonical form is copied (layoutAsWritten):
//     one laid out as Number::toString lays out its digits and of at most
//     15 significant digits, or an integer below 2^53, at once; one laid
//     out so with more digits once they are found to be the shortest;
//   - a zero is "0", whatever its sign, fraction or exponent;
//   - a value of at most 15 significant digits is laid out again from its
//     own digits, which are its shortest round-trip digits;
//   - a value of at most 19 digits is read by decimalToFloat; an integer
//     double from 2^53 to 2^63 is written by appendIntegerDouble, other
//     digits found to be the shortest are laid out again (or copied), and
//     the rest written by AppendNumber;
//   - anything else, or what decimalToFloat cannot decide, is read by
//     strconv.ParseFloat (correctly rounded) and written by AppendNumber.
func appendNumber(dst, in []byte, i int) ([]byte, int, error) {
	start := i
	var d decimal
	if i < len(in) && in[i] == '-' {
		d.neg = true
		i++
	}
	intStart := i
	i = jsonwire.SkipDigits(in, i)
	intEnd := i
	if n := intEnd - intStart; n == 0 || n > 1 && in[intStart] == '0' {
		return dst, intStart, errSyntax
	}
	fracStart, fracEnd := i, i
	if i < len(in) && in[i] == '.' {
		i++
		fracStart = i
		i = jsonwire.SkipDigits(in, i)
		fracEnd = i
		if fracEnd == fracStart {
			return dst, i, errSyntax
		}
	}
	d.addDigits(in[intStart:intEnd], in[fracStart:fracEnd])
	plain := true
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		plain = false
		i++
		negExp := false
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			negExp = in[i] == '-'
			i++
		}
		expStart := i
		e := 0
		for ; i < len(in) && isDigit(in[i]); i++ {
			if i-expStart >= 4 {
				d.hugeExp = true
			} else {
				e = e*10 + int(in[i]-'0')
			}
		}
		if i == expStart {
			return dst, i, errSyntax
		}
		if negExp {
			e = -e
		}
		d.q += e
	}
	tok := in[start:i]
	laidOut := false
	if plain {
		var short bool
		laidOut, short = layoutAsWritten(in[intStart:intEnd], in[fracStart:fracEnd], fracStart > intEnd, d.neg)
		if laidOut && short {
			return append(dst, tok...), i, nil
		}
	}
	out, err := d.append(dst, tok, laidOut)
	return out, i, err
}

// addDigits reads the mantissa digits of a token, its integer digits (no
// leading zero but a lone "0") and its fraction digits, into d as addDigit
// would one by one. When at most maxMantissaDigits remain past the leading
// zeros, which is every double written by a shortest-digits formatter, they
// are read eight at a time (jsonwire.AppendDigitsValue); longer ones take
// addDigit's way, which drops what w cannot hold.
func (d *decimal) addDigits(intDigits, fracDigits []byte) {
	if len(intDigits) == 1 && intDigits[0] == '0' {
		intDigits = nil // a leading zero: only its place counts
		z := 0
		for z < len(fracDigits) && fracDigits[z] == '0' {
			z++
		}
		d.q -= z // leading zeros of the fraction: their places
		fracDigits = fracDigits[z:]
	}
	d.sigInt, d.sigFrac = intDigits, fracDigits
	if len(intDigits)+len(fracDigits) > maxMantissaDigits {
		for _, c := range intDigits {
			d.addDigit(c, false)
		}
		for _, c := range fracDigits {
			d.addDigit(c, true)
		}
		return
	}
	d.w = jsonwire.AppendDigitsValue(jsonwire.AppendDigitsValue(0, intDigits), fracDigits)
	d.digits = len(intDigits) + len(fracDigits)
	d.q -= len(fracDigits)
}

// addDigit adds the next mantissa digit c; frac says it is after the point.
func (d *decimal) addDigit(c byte, frac bool) {
	switch {
	case d.digits == 0 && c == '0': // a leading zero: only its place counts
	case d.digits < maxMantissaDigits:
		d.w = d.w*10 + uint64(c-'0')
		d.digits++
	default: // past what w holds: dropped, exactly only if it is a zero
		d.inexact = d.inexact || c != '0'
		if !frac {
			d.q++
		}
		return
	}
	if frac {
		d.q--
	}
}

// append writes the value of d, read from tok, by the rules listed at
// appendNumber after the verbatim copy; laidOut says tok is laid out as
// ECMA-262 steps 6 to 8 lay out its own digits (layoutAsWritten), so
// that once they are the shortest, tok itself is the answer.
func (d *decimal) append(dst, tok []byte, laidOut bool) ([]byte, error) {
	if d.w == 0 && !d.inexact {
		return append(dst, '0'), nil // +0 and -0 alike (ECMA-262 step 2)
	}
	if d.inexact || d.hugeExp {
		return appendParsed(dst, tok)
	}
	w, q, k := d.w, d.q, d.digits
	for w%10 == 0 {
		w /= 10
		q++
		k--
	}
	if n := q + k; k <= maxExactDigits && -exactExponentLimit <= n && n <= exactExponentLimit {
		if d.neg {
			dst = append(dst, '-')
		}
		var buf [maxMantissaDigits]byte
		return appendDecimal(dst, d.sigDigits(buf[:0], k), n), nil
	}
	f, ok := decimalToFloat(w, q)
	if !ok {
		f, ok = decimalToSubnormal(w, q)
	}
	if !ok {
		return appendParsed(dst, tok)
	}
	if f >= 1<<53 && f < 1<<63 { // an integer double: its shortest digits directly
		n := len(dst)
		if d.neg {
			dst = append(dst, '-')
		}
		if out, ok := appendIntegerDouble(dst, f); ok {
			return out, nil
		}
		dst = dst[:n]
	}
	// The exact 64-bit test where it reaches; then the approximate one
	// at any exponent, and the exact 128-bit one for what that cannot
	// tell (asked first, it cost 80 instructions a token to decline the
	// many it does not reach).
	asWritten, decided := digitsAsWritten64(w, q, f)
	if !decided {
		asWritten, decided = digitsAsWrittenAnyExp(w, q, f)
	}
	if !decided {
		asWritten, decided = digitsAsWritten(w, q, f)
	}
	if !decided {
		asWritten = shortestAsWritten(w, q, f) || closestAsWritten(w, q, f)
	}
	if asWritten {
		if laidOut {
			return append(dst, tok...), nil
		}
		if d.neg {
			dst = append(dst, '-')
		}
		var buf [maxMantissaDigits]byte
		return appendDecimal(dst, d.sigDigits(buf[:0], k), q+k), nil
	}
	if d.neg {
		f = -f
	}
	return AppendNumber(dst, f), nil
}

// sigDigits appends the first k significant digits of the token, the
// digits of w once its trailing zeros are dropped (k is at most
// d.digits): a copy of the token's bytes instead of formatting w again,
// which cost a division by 100 every two digits.
func (d *decimal) sigDigits(dst []byte, k int) []byte {
	if k <= len(d.sigInt) {
		return append(dst, d.sigInt[:k]...)
	}
	return append(append(dst, d.sigInt...), d.sigFrac[:k-len(d.sigInt)]...)
}

// shortestAsWritten reports whether the digits of w (no trailing zero) are
// the shortest round-trip digits of f, the double nearest to w × 10^q, so
// that Number::toString writes them (ECMA-262 Number::toString step 5). It
// holds when neither neighbour (w-1) × 10^q nor (w+1) × 10^q reads as f:
// the decimals that read as f form an interval, so then all of them lie
// strictly between the two neighbours, where every decimal of no more
// significant digits is a multiple of 10^q, and w × 10^q is the only one;
// none is shorter and none of the same length is closer. Machine-written
// JSON carries exactly such digits; for them this avoids the shortest
// digit search.
func shortestAsWritten(w uint64, q int, f float64) bool {
	below, ok := decimalToFloat(w-1, q)
	if !ok || below == f {
		return false
	}
	above, ok := decimalToFloat(w+1, q)
	return ok && above != f
}

// appendParsed reads tok with strconv.ParseFloat, which rounds correctly,
// and writes the double with AppendNumber.
func appendParsed(dst, tok []byte) ([]byte, error) {
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, errNumber
	}
	return AppendNumber(dst, f), nil
}

// layoutAsWritten reports, for a number without exponent given as its
// integer digits and fraction digits (after a '.' if dot), whether it is
// laid out as Number::toString lays out its own significant digits
// (ECMA-262 steps 6 to 8): no leading zero before other integer digits,
// no trailing zero in the fraction, not a zero with a sign or a fraction,
// at most 21 integer digits, and at most 5 zeros after "0." before the
// first significant digit. short adds that those digits are the shortest
// round-trip ones without looking further: at most 15 significant digits
// (see maxExactDigits), or an integer below 2^53. A token with both is
// canonical; one laid out but not short is canonical when its digits are
// found to be the shortest.
func layoutAsWritten(intDigits, fracDigits []byte, dot, neg bool) (laidOut, short bool) {
	n := len(intDigits)
	if n == 0 || intDigits[0] == '0' && n > 1 {
		return false, false
	}
	if !dot {
		switch {
		case intDigits[0] == '0':
			return !neg, true // "0", not "-0"
		case n < len(twoTo53):
			return true, true
		case n == len(twoTo53):
			return true, string(intDigits) < twoTo53
		}
		return n <= 21, false
	}
	f := len(fracDigits)
	if f == 0 || fracDigits[f-1] == '0' {
		return false, false
	}
	if intDigits[0] != '0' {
		return n <= 21, n+f <= maxExactDigits
	}
	z := 0 // zeros after the point: step 8 allows at most 5
	for z < f && fracDigits[z] == '0' {
		z++
	}
	return z <= 5, f-z <= maxExactDigits
}

// twoTo53 is 2^53: every integer below it is a double, written with its
// own digits.
const twoTo53 = "9007199254740992"

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
