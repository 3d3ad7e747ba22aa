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
