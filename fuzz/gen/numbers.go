package gen

import (
	"math"
	"strconv"
)

// boundaries are doubles at the edges of Number::toString's layouts and
// of the double range (ECMA-262 section 6.1.6.1.20, RFC 8785 Appendix B).
var boundaries = []float64{
	0, math.Copysign(0, -1),
	1e21, math.Nextafter(1e21, 0), math.Nextafter(1e21, math.Inf(1)), // integer or exponent form
	1e-7, math.Nextafter(1e-7, 1), 1e-6, math.Nextafter(1e-6, 0), // fraction or exponent form
	9.999999999999999e20, 999999999999999900000.0, 1e20, 5e-7, // the second spelt as go-fuzz-build reads a literal: an integer past 2^64 stops it
	5e-324, 1e-323, math.SmallestNonzeroFloat64 * 3, // subnormals
	2.2250738585072014e-308, 2.225073858507201e-308, // smallest normal, largest subnormal
	math.MaxFloat64, 1.7976931348623155e308, 1e308,
	0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 4.35, 0.000001, 123e-20, 1e23, 8.41e21,
	295147905179352830000.0, 4.5035996273704955e15, 1.2345678901234567e-7,
	333333333.3333332, 1424953923781206.2, 0.30000000000000004,
}

// twoTo53 is 2^53, above which not every integer is a double.
const twoTo53 = 1 << 53

// number draws a finite double.
func (s *source) number() float64 {
	var f float64
	switch s.intn(7) {
	case 0: // a small integer
		f = float64(s.intn(256) - 128)
	case 1:
		f = boundaries[s.intn(len(boundaries))]
	case 2: // a power of ten, or its neighbour
		f = math.Pow10(s.intn(632) - 323)
		switch s.intn(3) {
		case 1:
			f = math.Nextafter(f, 0)
		case 2:
			f = math.Nextafter(f, math.Inf(1))
		}
	case 3: // an integer around 2^53, 2^54, 2^63 or 2^64
		base := []float64{twoTo53, 2 * twoTo53, 1 << 63, 1 << 64}[s.intn(4)]
		f = base + float64(s.intn(17)-8)
	case 4: // any bit pattern but NaN and the infinities
		f = math.Float64frombits(s.uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = math.Float64frombits(math.Float64bits(f) &^ (1 << 62)) // clear the top exponent bit
		}
	case 5: // a decimal of up to 17 digits with an exponent
		digits := strconv.FormatUint(s.uint64()%1e17, 10)
		f, _ = strconv.ParseFloat(digits+"e"+strconv.Itoa(s.intn(640)-330), 64)
		if math.IsInf(f, 0) {
			f = math.MaxFloat64
		}
	default: // a double with a short fraction
		f = float64(s.intn(1<<16)) / float64(int(1)<<s.intn(20))
	}
	if s.bool() {
		f = -f
	}
	return f
}

// Double turns data into one finite double, drawn as Generate draws
// numbers: small integers, the boundaries of Number::toString's layouts
// (1e-7, 1e21 and their neighbours), powers of ten, integers around 2^53
// and 2^64, any bit pattern, long decimals. The number properties read a
// double's bits as these bytes too (little-endian), so that the small
// values Go's engine steps a uint64 through from zero reach each class.
func Double(data []byte) float64 { return newSource(data).number() }

// decimalBases are significands where a fast path that converts w to a
// double before scaling rounds twice: from 2^53, where not every integer
// is a double, to the largest uint64.
var decimalBases = []uint64{1 << 53, 1<<53 + 1, 1 << 54, 1e16, 1e17, 1e18, 1e19, 1 << 63, 1<<64 - 1<<11}

// Decimal turns data into a decimal w × 10^q at the edges of a fast
// path's exactness (jcs.DecimalToFloat's): a significand of 2^53 or more (a
// base of decimalBases plus or minus what the next byte says, the
// 19-digit expansion of a drawn double, or any 64 bits) and an exponent
// in -22..22, where both factors of the naive product are exact doubles
// but w is not, or, one time in four, anywhere in -350..310. Like
// Generate, it never fails.
func Decimal(data []byte) (uint64, int) {
	s := newSource(data)
	var w uint64
	switch s.intn(4) {
	case 0, 1:
		base := decimalBases[s.intn(len(decimalBases))]
		off := uint64(s.intn(256))
		if base > 1<<63 || s.bool() {
			w = base - off
		} else {
			w = base + off
		}
	case 2:
		digits := strconv.FormatFloat(math.Abs(s.number()), 'e', 18, 64)
		w, _ = strconv.ParseUint(digits[:1]+digits[2:20], 10, 64)
	default:
		w = s.uint64()
	}
	if s.intn(4) == 3 {
		return w, s.intn(661) - 350
	}
	return w, s.intn(45) - 22
}
