package jcs

import (
	"math"
	"math/bits"
)

// digitsAsWritten decides, exactly and without converting any other
// decimal, what shortestAsWritten and closestAsWritten decide with up to
// four calls of decimalToFloat: whether the digits of w (no trailing zero)
// are the ones Number::toString writes for f, the positive double nearest
// to w × 10^q (ECMA-262 Number::toString step 5: the fewest digits, and of
// those the one closest to f; RFC 8785 section 3.2.2.3). ok is false
// outside the range it covers, and the caller then takes those two.
//
// It places decimals against the rounding interval of f, the decimals
// that read as f under round-half-to-even. With f = m × 2^e (e < 0), the
// interval runs from (m − ½) × 2^e, or (m − ¼) × 2^e when m = 2^52 and the
// double below is 2^(e−1) away, to (m + ½) × 2^e, and a decimal on a bound
// reads as f exactly when m is even (the tie goes to the even mantissa).
// Multiplied by 4 × 10^p × 2^−e with p = −q, a decimal v × 10^q becomes
// v × 2^(2−e) and the bounds (4m − 2 or 4m − 1) × 10^p and (4m + 2) ×
// 10^p: integers, compared in 128 bits. Then, as shortestAsWritten and
// closestAsWritten argue:
//
//   - w is the shortest if neither grid neighbour, (w − 1) × 10^q below
//     and (w + 1) × 10^q above, lies in the interval;
//   - otherwise w (two digits or more) is the answer if no decimal with
//     fewer digits lies in the interval, that is neither ⌊w/10⌋ × 10^(q+1)
//     nor the next multiple of 10^(q+1), and w × 10^q is within half a
//     grid step of f, |w × 2^(2−e) − 4m × 10^p| < 2^(1−e);
//   - otherwise strconv's shortest formatting decides (asWritten false).
//
// Its range: q in [−19, −1], f normal with e < 0 (below 2^53), and
// w × 2^(2−e) below 2^127: for 17 digits, values from about 10^-3 to
// 9 × 10^15, the doubles that machine-written JSON carries most.
func digitsAsWritten(w uint64, q int, f float64) (asWritten, ok bool) {
	iv, ok := newInterval(f, q, w+10)
	if !ok {
		return false, false
	}
	if w > 1 && iv.belowOut(w-1) && iv.aboveOut(w+1) {
		return true, true
	}
	if w < 10 {
		return false, true
	}
	if d := w / 10 * 10; !iv.belowOut(d) || !iv.aboveOut(d+10) {
		return false, true
	}
	aHi, aLo := shiftLeft128(w, iv.shift)
	fHi, fLo := bits.Mul64(iv.m<<2, iv.ten)
	if less128(aHi, aLo, fHi, fLo) {
		aHi, aLo, fHi, fLo = fHi, fLo, aHi, aLo
	}
	dLo, borrow := bits.Sub64(aLo, fLo, 0)
	dHi, _ := bits.Sub64(aHi, fHi, borrow)
	hHi, hLo := shiftLeft128(1, iv.shift-1) // half a grid step: 2^(1−e)
	return less128(dHi, dLo, hHi, hLo), true
}

// An interval is the scaled rounding interval of digitsAsWritten.
type interval struct {
	loHi, loLo, hiHi, hiLo uint64 // its bounds
	m, ten                 uint64 // f's mantissa m, and 10^p
	shift                  uint   // v × 10^q scales to v << shift
	tieIn                  bool   // a decimal on a bound reads as f
}

// newInterval returns the rounding interval of f for decimals v × 10^q
// with v up to vMax, and false outside the range of digitsAsWritten.
func newInterval(f float64, q int, vMax uint64) (interval, bool) {
	fb := math.Float64bits(f)
	biased := int(fb>>52) & 0x7FF
	if biased == 0 || biased == 0x7FF || fb>>63 != 0 || q >= 0 || q <= -len(pow10u64) {
		return interval{}, false
	}
	m := fb&(1<<52-1) | 1<<52
	shift := 1075 - biased + 2 // 2 − e
	if shift <= 2 || bits.Len64(vMax)+shift > 127 {
		return interval{}, false
	}
	ten := pow10u64[-q]
	below := uint64(2)
	if m == 1<<52 && biased > 1 {
		below = 1 // the double below is 2^(e-1) away
	}
	iv := interval{m: m, ten: ten, tieIn: m&1 == 0, shift: uint(shift)}
	iv.loHi, iv.loLo = bits.Mul64(m<<2-below, ten)
	iv.hiHi, iv.hiLo = bits.Mul64(m<<2+2, ten)
	return iv, true
}

// belowOut reports whether v × 10^q lies below the interval.
func (iv *interval) belowOut(v uint64) bool {
	hi, lo := shiftLeft128(v, iv.shift)
	if hi == iv.loHi && lo == iv.loLo {
		return !iv.tieIn
	}
	return less128(hi, lo, iv.loHi, iv.loLo)
}

// aboveOut reports whether v × 10^q lies above the interval.
func (iv *interval) aboveOut(v uint64) bool {
	hi, lo := shiftLeft128(v, iv.shift)
	if hi == iv.hiHi && lo == iv.hiLo {
		return !iv.tieIn
	}
	return less128(iv.hiHi, iv.hiLo, hi, lo)
}

// less128 reports whether {aHi, aLo} < {bHi, bLo}.
func less128(aHi, aLo, bHi, bLo uint64) bool {
	return aHi < bHi || aHi == bHi && aLo < bLo
}

// digitsAsWritten64 is digitsAsWritten in 64-bit integers instead of 128,
// over a range that holds the doubles machine-written JSON carries most;
// digitsAsWritten is asked only outside it (ok false). Its first test,
// that both grid neighbours (w − 1) × 10^q and (w + 1) × 10^q lie outside
// the rounding interval of f, decides nearly every token a shortest-digits
// formatter wrote: one product a side, no conversion of another decimal.
//
// Scaled as in digitsAsWritten (by 4 × 10^p × 2^−e, p = −q, f = m × 2^e),
// w × 10^q is w × 2^s with s = 2 − e, f is 4m × 10^p, the interval runs
// from 2 × 10^p below f to 2 × 10^p above, and the grid step is G = 2^s.
// Since w × 10^q reads as f, its distance D = w × 2^s − 4m × 10^p lies
// within ±2 × 10^p; for p ≤ 18 and s ≤ 62 that is below 2^61 and G at most
// 2^62, so D is exact as the difference of the two products taken modulo
// 2^64, and D ± G does not overflow an int64. A decimal at D + x is out
// when D + x < −2 × 10^p or D + x > 2 × 10^p. Two things digitsAsWritten
// keeps are left out, neither of which can change an answer here:
//
//   - a decimal exactly on a bound is taken as inside (the tie rule would
//     put it out for an odd m). A bound is an odd multiple of 2^(e−1) or
//     2^(e−2), so a grid of 10^q that holds it has a step of at most
//     ulp/10, and then the other neighbour, a step further in, is inside
//     an interval of at least 3/4 ulp anyway;
//   - the lower bound of a power of two 2^k, a quarter step below it
//     rather than a half: in this range 2^k lies on the grid of w whenever
//     the grid step is below ulp, so a neighbour of w is then 2^k itself
//     or lies beside w on the same side, inside either way; with a step of
//     ulp or more, w − 1 lies at least ulp/2 below 2^k, exactly ulp/2 (the
//     double below, on the bound) only on a grid finer than ulp.
//
// Both only widen the interval, which can only turn a true into false,
// and false leaves the digits to strconv. Then, as in digitsAsWritten:
//
//   - both neighbours D − G and D + G out: w is the shortest;
//   - otherwise, for w of two digits or more and p ≤ 17, the neighbours
//     with fewer digits, ⌊w/10⌋ × 10^(q+1) and the next multiple, lie at
//     D − r × G and D + (10 − r) × G with r the last digit of w (a
//     neighbour inside makes G ≤ 4 × 10^p ≤ 4 × 10^17, so 9G fits): if
//     either is inside, w is not the shortest; if both are out, w is the
//     answer exactly when it is the closer of its grid neighbours to f,
//     2|D| < G;
//   - a single digit w with a neighbour inside is left to strconv, as
//     digitsAsWritten leaves it.
//
// Its range: q in [−18, −1] and f in [2^−8, 2^55) (s in [0, 62]).
func digitsAsWritten64(w uint64, q int, f float64) (asWritten, ok bool) {
	fb := math.Float64bits(f)
	s := 1077 - int(fb>>52)&0x7FF // 2 − e: also out of range for subnormals and NaN
	p := -q
	if uint(s) > 62 || uint(p-1) > 17 || fb>>63 != 0 {
		return false, false
	}
	m := fb&(1<<52-1) | 1<<52
	ten := pow10u64[p]
	d := int64(w<<uint(s) - m<<2*ten)
	g := int64(1) << uint(s)
	b := int64(2 * ten) // the bounds: f ± b
	if d-g < -b && d+g > b {
		return true, true
	}
	if w < 10 {
		return false, true
	}
	if p > 17 {
		return false, false
	}
	r := int64(w % 10)
	if d-r*g >= -b || d+(10-r)*g <= b {
		return false, true // a decimal with fewer digits reads as f
	}
	return 2*d < g && -2*d < g, true
}
