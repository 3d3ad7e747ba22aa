package admit

import (
	"math"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// number is the shape of one number token, as scanNumber saw it.
type number struct {
	start, end int // the token is in[start:end]
	neg        bool
	intDigits  int // digits of the integer part, at in[intStart:intStart+intDigits]
	intStart   int
	fracDigits int // digits after the '.', following the '.'
	hasExp     bool
	exp        int64 // the exponent's value, saturated at ±expSaturate
}

// expSaturate bounds the exponents scanNumber computes. Any exponent past it
// makes a nonzero number non-finite or smaller than every double, whatever
// its digits, for the inputs that fit in memory.
const expSaturate = 1 << 40

// scanNumber reads the number token at offset i (RFC 8259 section 6) and
// judges it when the token ends: a value with no finite double is refused,
// and under IJSON so is an integer of magnitude 2^53 or more.
func (s *scanner) scanNumber(i int) (int, error) {
	in := s.in
	n := len(in)
	num := number{start: i}
	if in[i] == '-' {
		num.neg = true
		i++
	}
	num.intStart = i
	switch {
	case i >= n:
		return 0, s.fail(Syntax, n, "unexpected end of input, want a digit")
	case in[i] == '0':
		i++
		if i < n && isDigit(in[i]) {
			return 0, s.fail(Syntax, i, "leading zero in a number")
		}
	case isDigit(in[i]):
		for i < n && isDigit(in[i]) {
			i++
		}
	default:
		return 0, s.fail(Syntax, i, jsonwire.Unexpected(in[i], "a digit"))
	}
	num.intDigits = i - num.intStart
	if i < n && in[i] == '.' {
		i++
		d := i
		for i < n && isDigit(in[i]) {
			i++
		}
		if i == d {
			return 0, s.digitWanted(i)
		}
		num.fracDigits = i - d
	}
	if i < n && (in[i] == 'e' || in[i] == 'E') {
		num.hasExp = true
		i++
		neg := false
		if i < n && (in[i] == '+' || in[i] == '-') {
			neg = in[i] == '-'
			i++
		}
		d := i
		for i < n && isDigit(in[i]) {
			if num.exp < expSaturate {
				num.exp = num.exp*10 + int64(in[i]-'0')
			}
			i++
		}
		if i == d {
			return 0, s.digitWanted(i)
		}
		if num.exp > expSaturate {
			num.exp = expSaturate
		}
		if neg {
			num.exp = -num.exp
		}
	}
	num.end = i
	if !s.finite(&num) {
		return 0, s.fail(NumberNotFinite, num.start, "number has no finite double")
	}
	if s.ijson && s.unsafeInteger(&num) {
		return 0, s.fail(UnsafeInteger, num.start, "number whose double has magnitude 2^53 or more")
	}
	return i, nil
}

func (s *scanner) digitWanted(i int) error {
	if i >= len(s.in) {
		return s.fail(Syntax, i, "unexpected end of input, want a digit")
	}
	return s.fail(Syntax, i, jsonwire.Unexpected(s.in[i], "a digit"))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// finite reports whether the number rounds to a finite double
// (RFC 8785 section 3.2.2.3 can only write those). Underflow to zero is
// finite. Numbers below 10^308 are decided without parsing.
func (s *scanner) finite(num *number) bool {
	if int64(num.intDigits)+num.exp <= 308 {
		return true // below 10^(intDigits+exp) <= 10^308 < MaxFloat64
	}
	_, err := strconv.ParseFloat(string(s.in[num.start:num.end]), 64)
	return err == nil
}

// unsafeInteger reports whether the number is unsafe under I-JSON (RFC 7493
// section 2.2): its double, rounded to nearest with ties to even, has
// magnitude 2^53 or more. Every such double is an integer past the range
// where doubles are exact (2^53 + 1 reads as 2^53), and it is what the
// canonical form writes, so the rule is closed under canonicalization:
// 9007199254740991.9 is refused, since it canonicalizes to 2^53. The digit
// string decides without parsing unless the value lies in [10^15, 10^16),
// where 2^53 is.
func (s *scanner) unsafeInteger(num *number) bool {
	in := s.in
	// The digits of the integer and fraction parts, read as one sequence
	// without the '.'.
	total := num.intDigits + num.fracDigits
	lo := 0
	for lo < total {
		k := num.intStart + lo
		if lo >= num.intDigits {
			k++ // past the '.'
		}
		if in[k] != '0' {
			break
		}
		lo++
	}
	if lo == total {
		return false // zero
	}
	// The power of ten of the leading significant digit.
	top := int64(num.intDigits-1-lo) + num.exp
	switch {
	case top < 15:
		return false // below 10^15, and so is its double
	case top > 15:
		return true // at least 10^16, above 2^53
	}
	f, _ := strconv.ParseFloat(string(in[num.start:num.end]), 64)
	return math.Abs(f) >= 1<<53
}
