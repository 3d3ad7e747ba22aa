package jcs

import (
	"math"
	"math/bits"
)

// closestAsWritten reports whether the digits of w (no trailing zero, at
// least two of them) are the ones Number::toString writes for f, the
// positive double nearest to w × 10^q, in the case shortestAsWritten does
// not settle: a decimal neighbour of w on the 10^q grid reads as f too.
// Then two things make w the answer (ECMA-262 Number::toString step 5 and
// its note: the fewest digits, and of those the one closest to f):
//
//   - no decimal with fewer digits reads as f. The decimals that read as f
//     form an interval around w × 10^q; between its neighbours on the
//     10^(q+1) grid, floor(w/10) and floor(w/10)+1 times 10^(q+1), every
//     decimal with fewer digits lies on that grid, so it is enough that
//     neither neighbour reads as f;
//   - w × 10^q is within half a grid step of f: |w·10^q − f| < ½·10^q,
//     decided exactly in 128-bit integers. Writing f = m·2^e (e < 0) and
//     p = −q, it is |w·2^(s+1) − m·10^p| < 2^s with s = −e−1.
//
// It answers only for q in [−19, −1] and f below 2^52 with s ≤ 63, where
// the integers fit in 128 bits and the bound in 64 (values from about
// 10^-3 to 4.5·10^15 with 17 digits, the common case of machine-written
// doubles), and reports false otherwise, or on a tie, leaving the digits
// to strconv.
func closestAsWritten(w uint64, q int, f float64) bool {
	if w < 10 || q >= 0 || q < -len(pow10u64)+1 {
		return false
	}
	d := w / 10
	if below, ok := decimalToFloat(d, q+1); !ok || below == f {
		return false
	}
	if above, ok := decimalToFloat(d+1, q+1); !ok || above == f {
		return false
	}
	fb := math.Float64bits(f)
	biased := int(fb>>52) & 0x7FF
	if biased == 0 || biased == 0x7FF {
		return false // subnormal or not finite: not on this path
	}
	m := fb&(1<<52-1) | 1<<52
	e := biased - 1075 // f = m × 2^e
	if e >= 0 {
		return false
	}
	s := -e - 1
	if s > 63 || bits.Len64(w)+s+1 > 128 {
		return false
	}
	aHi, aLo := shiftLeft128(w, uint(s+1))
	bHi, bLo := bits.Mul64(m, pow10u64[-q])
	if aHi < bHi || aHi == bHi && aLo < bLo {
		aHi, aLo, bHi, bLo = bHi, bLo, aHi, aLo
	}
	dLo, borrow := bits.Sub64(aLo, bLo, 0)
	dHi, _ := bits.Sub64(aHi, bHi, borrow)
	return dHi == 0 && dLo < 1<<s
}

// shiftLeft128 returns w << n as a 128-bit {high, low} pair, for 1 <= n < 128.
func shiftLeft128(w uint64, n uint) (hi, lo uint64) {
	if n >= 64 {
		return w << (n - 64), 0
	}
	return w >> (64 - n), w << n
}

// pow10u64 holds 10^0 to 10^19, the powers of ten a uint64 holds.
var pow10u64 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}
