package jcs

import (
	"math"
	"math/bits"
)

// digitsAsWrittenAnyExp decides what digitsAsWritten decides, for any
// exponent decimalToFloat takes, by comparing decimals v × 10^q with the
// binary bounds of f through the same 128-bit approximation of 10^q that
// converted w: it is asked where the exact 64- and 128-bit tests do not
// reach (|q| > 19, or f outside [2^−8, 2^55)), and costs a product a
// comparison instead of a conversion, or strconv's shortest formatting
// when the neighbours read as f. ok is false when a comparison falls
// within the approximation's error (a decimal on a bound, or closer to it
// than about 2^−126 of its value), and then the caller asks strconv.
//
// With f = m × 2^e, the decimals that read as f lie between (2m − 1) ×
// 2^(e−1) (or (4m − 1) × 2^(e−2) when m = 2^52) and (2m + 1) × 2^(e−1);
// then, as in digitsAsWritten: w is the shortest when (w − 1) × 10^q is
// below and (w + 1) × 10^q above; otherwise (w of two digits or more) w is
// the answer when ⌊w/10⌋ × 10^(q+1) is below, the next multiple above, and
// w × 10^q is the nearer to f of its grid neighbours: (2w − 1) × 10^q <
// 2f < (2w + 1) × 10^q.
func digitsAsWrittenAnyExp(w uint64, q int, f float64) (asWritten, ok bool) {
	fb := math.Float64bits(f)
	biased := int(fb>>52) & 0x7FF
	if biased == 0 || biased == 0x7FF || fb>>63 != 0 || w >= 1<<63 || w < 2 ||
		q < minDecimalExp || q > maxDecimalExp {
		return false, false
	}
	m := fb&(1<<52-1) | 1<<52
	e := biased - 1075 // f = m × 2^e
	c := newPow10Cmp(q)
	// The bounds as b × 2^(e−2): 4m − 2 (or 4m − 1) and 4m + 2.
	lo := m<<2 - 2
	if m == 1<<52 && biased > 1 {
		lo = m<<2 - 1
	}
	hi := m<<2 + 2
	// Each comparison: −1 when the decimal is below, +1 above, 0 when
	// the approximation cannot tell.
	if c.cmp(w-1, lo, e-2) < 0 && c.cmp(w+1, hi, e-2) > 0 {
		return true, true
	}
	if w < 10 {
		return false, true
	}
	d := w / 10 * 10
	below, above := c.cmp(d, lo, e-2), c.cmp(d+10, hi, e-2)
	if below == 0 || above == 0 {
		return false, false
	}
	if below > 0 || above < 0 {
		return false, true // a decimal with fewer digits reads as f
	}
	// (2w − 1) × 10^q < 2f = 4m × 2^(e−1) < (2w + 1) × 10^q.
	nearBelow, nearAbove := c.cmp(2*w-1, m<<2, e-1), c.cmp(2*w+1, m<<2, e-1)
	if nearBelow == 0 || nearAbove == 0 {
		return false, false
	}
	return nearBelow < 0 && nearAbove > 0, true
}

// A pow10Cmp compares decimals v × 10^q, for one q, with binary numbers
// b × 2^k, through the 128-bit truncation T of 10^q in pow10Mantissas:
// 10^q = T' × 2^(L − 127) with T ≤ T' < T + 1 and L = ⌊q × log2(10)⌋.
type pow10Cmp struct {
	hi, lo uint64 // T
	l      int    // L
}

func newPow10Cmp(q int) pow10Cmp {
	p := &pow10Mantissas[q-minDecimalExp]
	return pow10Cmp{hi: p[0], lo: p[1], l: (217706 * q) >> 16}
}

// decimalX returns A with v × 10^q × 2^(63 − L + z) in [A, A + 2), z the
// leading zeros of v (so that A ≥ 2^126): the top 128 bits of the 192-bit
// product of v << z and T, which falls short of the exact value by less
// than (v << z) < 2^64 units of the dropped word, so by less than 2 of A.
func (c *pow10Cmp) decimalX(v uint64) (aHi, aLo uint64, z int) {
	z = bits.LeadingZeros64(v)
	v <<= z
	h1, l1 := bits.Mul64(v, c.hi) // v × T = h1:l1 << 64 + h2:l2
	h2, _ := bits.Mul64(v, c.lo)
	aLo, carry := bits.Add64(l1, h2, 0)
	aHi = h1 + carry
	return aHi, aLo, z
}

// cmp compares v × 10^q with b × 2^k (v, b > 0): −1 when the decimal is
// below, +1 when it is above, 0 when they are within the approximation's
// error of each other (equal among them). Both are scaled by 2^(63 − L +
// z): the decimal to X in [A, A + 2) with A ≥ 2^126 (decimalX), the binary
// to B' = b << sh, sh = k + 63 − L + z, exact when it fits 128 bits.
func (c *pow10Cmp) cmp(v, b uint64, k int) int {
	aHi, aLo, z := c.decimalX(v)
	sh := k + 63 - c.l + z
	bl := bits.Len64(b)
	switch {
	case sh < 0: // B' < b < 2^64 < A
		return +1
	case sh+bl > 129: // B' ≥ 2^129 > A + 2
		return -1
	case sh+bl > 128:
		return 0
	}
	var cHi, cLo uint64
	if sh >= 64 {
		cHi = b << uint(sh-64)
	} else {
		cHi, cLo = b>>uint(64-sh), b<<uint(sh)
	}
	if less128(cHi, cLo, aHi, aLo) { // B' < A ≤ X
		return +1
	}
	dLo, borrow := bits.Sub64(cLo, aLo, 0)
	if dHi, _ := bits.Sub64(cHi, aHi, borrow); dHi > 0 || dLo >= 2 { // B' ≥ A + 2 > X
		return -1
	}
	return 0
}

// decimalToSubnormal returns the subnormal double nearest to w × 10^q
// (half to even), or the least normal one when the value rounds up to it,
// for the exponents decimalToFloat takes but whose result it refuses as
// not normal; strconv.ParseFloat reads such a token in its slow path, at
// about 50 µs a 17-digit token (a 1 MiB array of them took a second).
// ok is false when the value is not in the subnormal range (or is below
// 2^−1074 × 2), and when the 128-bit approximation of 10^q cannot tell
// which way it rounds: the caller then asks strconv.
//
// With X = v × 10^q × 2^(63 − L + z) in [A, A + 2) (decimalX), the value
// in units of the least subnormal 2^−1074 is X / 2^r with r = z − L −
// 1011; for a subnormal, r is in [74, 127]. It rounds down when the r low
// bits of A, plus the 2 of uncertainty, stay below half of 2^r, and up
// when they are above half (a carry out of them only makes the rounding
// up certain); within 2 of half it cannot tell.
func decimalToSubnormal(w uint64, q int) (float64, bool) {
	if w == 0 || q < minDecimalExp || q > maxDecimalExp {
		return 0, false
	}
	c := newPow10Cmp(q)
	aHi, aLo, z := c.decimalX(w)
	r := z - c.l - 1011
	if r < 74 || r > 127 {
		return 0, false
	}
	k := aHi >> uint(r-64)
	fracHi := aHi & (1<<uint(r-64) - 1)
	halfHi := uint64(1) << uint(r-65) // half of 2^r: {halfHi, 0}
	switch {
	case fracHi < halfHi-1 || fracHi == halfHi-1 && aLo <= math.MaxUint64-1: // frac + 2 ≤ half
	case fracHi > halfHi || fracHi == halfHi && aLo > 0: // frac > half
		k++
	default:
		return 0, false
	}
	if k == 0 || k > 1<<52 {
		return 0, false
	}
	return math.Float64frombits(k), true // k = 2^52 is the least normal double
}
