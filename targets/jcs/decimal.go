package jcs

import (
	"math"
	"math/big"
	"math/bits"
)

// The Eisel-Lemire algorithm (D. Lemire, "Number Parsing at a Gigabyte per
// Second", Software: Practice and Experience 51(8), 2021) turns a decimal
// w × 10^q into the nearest double with one or two 64×64-bit products
// against a 128-bit approximation of 10^q, and says when it cannot be sure
// (then the caller asks strconv.ParseFloat). RFC 8785 section 3.2.2.3
// needs that double exact: it is what Number::toString then writes.

// The exponents decimalToFloat accepts. With w below 2^64 (about 1.8e19)
// every result in this range is a normal double: 10^-307 is above the
// least normal 2.2e-308, and 1.8e19 × 10^288 below the largest 1.8e308, so
// neither subnormals nor overflow need handling.
const (
	minDecimalExp = -307
	maxDecimalExp = 288
)

// pow10Mantissas holds, for q from minDecimalExp to maxDecimalExp, the
// first 128 bits of 10^q rounded down, normalized so that the top bit is
// set: {high, low}. It is a package-level array computed at init with
// math/big (about 600 entries), so that decimalToFloat indexes it
// directly instead of calling a sync.OnceValue per conversion.
var pow10Mantissas = pow10MantissaTable()

// pow10MantissaTable computes pow10Mantissas.
func pow10MantissaTable() (t [maxDecimalExp - minDecimalExp + 1][2]uint64) {
	ten := big.NewInt(10)
	p := big.NewInt(1) // 10^k
	for k := 0; k <= max(maxDecimalExp, -minDecimalExp); k++ {
		if k > 0 {
			p.Mul(p, ten)
		}
		if k <= maxDecimalExp {
			m := new(big.Int).Set(p)
			if n := m.BitLen(); n > 128 {
				m.Rsh(m, uint(n-128))
			} else {
				m.Lsh(m, uint(128-n))
			}
			t[k-minDecimalExp] = split128(m)
		}
		if k > 0 && -k >= minDecimalExp {
			// floor(2^(127+b) / 10^k) for 10^k of b bits lies in
			// [2^127, 2^128), since 10^k is not a power of two.
			m := new(big.Int).Lsh(big.NewInt(1), uint(127+p.BitLen()))
			m.Quo(m, p)
			t[-k-minDecimalExp] = split128(m)
		}
	}
	return t
}

// split128 returns m, below 2^128, as {high, low} 64-bit words.
func split128(m *big.Int) [2]uint64 {
	lo := new(big.Int).And(m, new(big.Int).SetUint64(math.MaxUint64))
	return [2]uint64{new(big.Int).Rsh(m, 64).Uint64(), lo.Uint64()}
}

// decimalToFloat returns the double nearest to w × 10^q, rounding half to
// even, for w > 0 and q in [minDecimalExp, maxDecimalExp]. It reports false
// when the 128-bit approximation cannot decide the rounding; the caller
// then reads the token with strconv.ParseFloat.
func decimalToFloat(w uint64, q int) (float64, bool) {
	if w == 0 || q < minDecimalExp || q > maxDecimalExp {
		return 0, false
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
