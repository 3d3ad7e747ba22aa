package gen

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Spell returns a JSON number token, chosen by r, that denotes exactly the
// double f (ParseFloat gives back f's bits, the sign of zero included):
// the shortest digits in plain or exponent form with the decimal point
// moved, 'e' or 'E', an explicit '+', zeros padding the exponent or the
// fraction; 17 or more correctly rounded digits; the exact decimal value
// with a digit appended far past half an ulp; integers that round to f.
// A spelling that fails to read back as f (none should) is replaced by
// the shortest one, so the promise holds whatever the layout code does.
func Spell(f float64, r *rand.Rand) string {
	s := spell(f, r)
	if back, err := strconv.ParseFloat(s, 64); err != nil || math.Float64bits(back) != math.Float64bits(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return s
}

func spell(f float64, r *rand.Rand) string {
	sign := ""
	if math.Signbit(f) {
		sign = "-"
	}
	a := math.Abs(f)
	if a == 0 {
		return sign + []string{"0", "0.0", "0e0", "0E+5", "0.000e-7", "0.0E00"}[r.IntN(6)]
	}
	switch r.IntN(8) {
	case 0:
		return strconv.FormatFloat(f, 'g', -1, 64)
	case 1:
		return strconv.FormatFloat(f, 'e', 16+r.IntN(8), 64) // 17 to 24 digits, correctly rounded
	case 2:
		if a < 1e30 {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
	case 3:
		if a < 1e18 || r.IntN(8) == 0 {
			return sign + exact(a) // up to 770 digits
		}
	case 4:
		if a == math.Trunc(a) && a < 1e22 {
			return sign + nearInteger(a, r)
		}
	}
	digits, n := shortest(a)
	return sign + layout(digits, n, r)
}

// layout writes 0.digits × 10^n with the decimal point after a drawn
// number of digits (or after a run of leading zeros), fraction zeros
// appended, and the exponent adjusted to match.
func layout(digits string, n int, r *rand.Rand) string {
	var mant string
	var exp int
	switch p := r.IntN(len(digits) + 2); {
	case p == 0: // 0.000ddd
		zeros := r.IntN(4)
		mant = "0." + strings.Repeat("0", zeros) + digits
		exp = n + zeros
	case p > len(digits): // ddd000
		zeros := r.IntN(4)
		mant = digits + strings.Repeat("0", zeros)
		exp = n - len(digits) - zeros
	default: // dd.d
		mant = digits[:p]
		if p < len(digits) || r.IntN(2) == 0 {
			mant += "." + digits[p:] + strings.Repeat("0", r.IntN(3))
			if strings.HasSuffix(mant, ".") {
				mant += "0"
			}
		}
		exp = n - p
	}
	if exp == 0 && r.IntN(2) == 0 {
		return mant
	}
	e := "e"
	if r.IntN(2) == 0 {
		e = "E"
	}
	switch {
	case exp < 0:
		e += "-"
	case r.IntN(2) == 0:
		e += "+"
	}
	return mant + e + strings.Repeat("0", r.IntN(3)) + strconv.Itoa(abs(exp))
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// exact returns the exact decimal value of the positive double a with one
// more digit, a 1, appended: a number less than half an ulp above a, so it
// rounds to a, but one that a parser must read to the end to see that.
func exact(a float64) string {
	s := new(big.Float).SetFloat64(a).Text('e', 800) // every double has at most 767 significant digits
	i := strings.IndexByte(s, 'e')
	return s[:i] + "1" + s[i:]
}

// nearInteger writes the integer a, or a neighbour that rounds to it
// (above 2^53, where a neighbour halfway to the next double rounds to the
// even one).
func nearInteger(a float64, r *rand.Rand) string {
	i, _ := new(big.Float).SetFloat64(a).Int(nil)
	s := i.String()
	i.Add(i, big.NewInt(int64(2*r.IntN(2)-1)))
	if back, err := strconv.ParseFloat(i.String(), 64); err == nil && back == a {
		return i.String()
	}
	return s
}
