package jcs

import (
	"math"
	"math/bits"
)

// The Eisel-Lemire algorithm (D. Lemire, "Number Parsing at a Gigabyte per
// Second", Software: Practice and Experience 51(8), 2021) turns a decimal
// w × 10^q into the nearest double with one or two 64×64-bit products
// against a 128-bit approximation of 10^q, and says when it cannot be sure
// (then the caller asks strconv.ParseFloat). RFC 8785 section 3.2.2.3
// needs that double exact: it is what Number::toString then writes.

// The exponents decimalToFloat accepts: strconv's range for the same
// algorithm (eiselLemire64), over which (217706 × q) >> 16 is
// ⌊q × log2(10)⌋. A result below the least normal double (w × 10^-348 is
// below 1.9e-329) or above the largest (1 × 10^347) is refused by the
// exponent check at the end, as strconv refuses it, and read by
// strconv.ParseFloat: subnormals and overflow need no handling here. The
// range was [−307, 288] until the 17-digit doubles below 1e-291 of the
// numbers benchmark (about 490 tokens a document) were seen all going to
// ParseFloat.
const (
	minDecimalExp = -348
	maxDecimalExp = 347
)

// pow10Mantissas (pow10_table.go) holds, for q from minDecimalExp to
// maxDecimalExp, the first 128 bits of 10^q rounded down, normalized so
// that the top bit is set: {high, low}. It is a literal written by
// TestPow10TableFile from math/big (go generate), as strconv keeps its
// detailedPowersOfTen: nothing is computed at start-up, which every binary
// linking this package (canonfuzz guard among them) would pay, and
// decimalToFloat indexes it directly.
//
//go:generate go test -run ^TestPow10TableFile$ -update-pow10 .

// decimalToFloat returns the double nearest to w × 10^q, rounding half to
// even, for w > 0 and q in [minDecimalExp, maxDecimalExp]. It reports false
// when the 128-bit approximation cannot decide the rounding; the caller
// then reads the token with strconv.ParseFloat.
func decimalToFloat(w uint64, q int) (float64, bool) {
	if w == 0 || q < minDecimalExp || q > maxDecimalExp {
		return 0, false
	}
	if q >= 0 && q < len(pow10u64) {
		// An integer below 2^64: the conversion rounds it correctly
		// (half to even), where the approximation cannot tell an
		// integer exactly halfway between two doubles from one near it.
		if hi, lo := bits.Mul64(w, pow10u64[q]); hi == 0 {
			return float64(lo), true
		}
	}
	pow := &pow10Mantissas[q-minDecimalExp]
	shift := bits.LeadingZeros64(w)
	w <<= shift
	// floor(q × log2(10)) is (217706 × q) >> 16 over this range; with the
	// bias and the 64-bit product it gives the exponent field before the
	// last normalization.
	exp := uint64((217706*q)>>16+64+1023) - uint64(shift)

	hi, lo := bits.Mul64(w, pow[0])
	if hi&0x1FF == 0x1FF && lo+w < lo {
		// The low 9 bits, which are dropped, are all ones and the
		// truncated part of 10^q could carry into them: use the next 64
		// bits of 10^q.
		hi2, lo2 := bits.Mul64(w, pow[1])
		mergedLo := lo + hi2
		mergedHi := hi
		if mergedLo < lo {
			mergedHi++
		}
		if mergedHi&0x1FF == 0x1FF && mergedLo+1 == 0 && lo2+w < lo2 {
			return 0, false
		}
		hi, lo = mergedHi, mergedLo
	}
	top := hi >> 63
	mantissa := hi >> (top + 9) // 54 bits: 53 and a rounding bit
	exp -= 1 ^ top
	if lo == 0 && hi&0x1FF == 0 && mantissa&3 == 1 {
		return 0, false // exactly halfway as far as these bits can tell
	}
	mantissa += mantissa & 1 // round half up on the 54th bit ...
	mantissa >>= 1
	if mantissa>>53 > 0 { // ... which may carry into a 54th bit
		mantissa >>= 1
		exp++
	}
	if exp-1 >= 0x7FF-1 {
		return 0, false // not a normal double; cannot happen in range
	}
	return math.Float64frombits(exp<<52 | mantissa&(1<<52-1)), true
}
