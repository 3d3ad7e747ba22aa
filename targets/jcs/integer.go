package jcs

import (
	"math"
	"strconv"
)

// appendIntegerDouble writes Number::toString of a positive double f that
// is an integer in [2^53, 2^63), where strconv's shortest formatting is
// otherwise the only way: integer tokens past 2^53 are rarely their own
// shortest digits (above 2^53 not every integer is a double). ok is false
// outside that range, and then nothing is written.
//
// f = m × 2^e with e in [1, 10] is the integer F = m << e. Doubled, so
// that every bound is an integer, the decimals that read as f are those
// from 2F − 2^e (2F − 2^(e−1) when m = 2^52: the double below is half as
// far) to 2F + 2^e, bounds included when m is even (half to even). All of
// them have F's number of digits but where the interval holds the next
// power of ten, so the fewest significant digits (ECMA-262 Number::
// toString step 5) are those of a multiple of the largest 10^J the
// interval holds a multiple of (multiples of 10^(J+1) being multiples of
// 10^J, none is held past the first J that has none); of those multiples,
// the one closest to F (step 5's note), which is F rounded to a multiple
// of 10^J when that lies inside, else the other neighbour of F. There is
// no tie to break: with both neighbours inside, 10^J is at most the
// interval's width, so 2^J ≤ 10^J ≤ 2^e divides F, while F halfway, F ≡
// 5^J × 2^(J−1) modulo 10^J, would leave 2^(J−1) modulo 2^J. Below 1e21
// the digits are written as an integer (step 6), which is the multiple
// itself. ok is false outside the range only.
func appendIntegerDouble(dst []byte, f float64) ([]byte, bool) {
	fb := math.Float64bits(f)
	biased := int(fb>>52) & 0x7FF
	e := biased - 1075
	if e < 1 || e > 10 || fb>>63 != 0 {
		return dst, false
	}
	m := fb&(1<<52-1) | 1<<52
	F := m << e
	below := uint64(1) << e // 2F − below is the lower bound, doubled
	if m == 1<<52 {
		below >>= 1
	}
	lo, hi := 2*F-below, 2*F+uint64(1)<<e
	in := func(c uint64) bool { // c, doubled, lies in the interval
		if c >= 1<<63 {
			return false // above hi/2 < 2^63, and 2c would overflow
		}
		c2 := 2 * c
		return lo < c2 && c2 < hi || m&1 == 0 && (c2 == lo || c2 == hi)
	}
	// J: the largest with a multiple of 10^J in the interval. The
	// interval is 2^e ≤ 1024 wide, so a multiple of 10^J lies in it only
	// if it is within 1024 of F: F rounded down or up to 10^J.
	best := F // J = 0: F itself
	t := uint64(1)
	for j := 1; j <= 18; j++ {
		t *= 10
		r := F % t
		down, up := F-r, F-r+t
		dIn, uIn := in(down), in(up)
		if !dIn && !uIn {
			break
		}
		best = up
		if dIn && (!uIn || 2*r < t) {
			best = down
		}
	}
	return strconv.AppendUint(dst, best, 10), true
}
