package admit

import "strconv"

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
		return 0, s.fail(Syntax, i, unexpected(in[i], "a digit"))
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
		return 0, s.fail(UnsafeInteger, num.start, "integer of magnitude 2^53 or more")
	}
	return i, nil
}

func (s *scanner) digitWanted(i int) error {
	if i >= len(s.in) {
		return s.fail(Syntax, i, "unexpected end of input, want a digit")
	}
	return s.fail(Syntax, i, unexpected(s.in[i], "a digit"))
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

// twoTo53 is 2^53 in decimal: the least integer magnitude RFC 7493 section
// 2.2 calls unsafe.
const twoTo53 = "9007199254740992"

// unsafeInteger reports whether the number's exact decimal value is an
// integer of magnitude 2^53 or more, reading only the digit string: the
// notation (1e16, 9.007199254740992e15, 90071992547409920e-1) does not matter.
func (s *scanner) unsafeInteger(num *number) bool {
	in := s.in
	if !num.hasExp && num.fracDigits == 0 {
		switch {
		case num.intDigits < len(twoTo53):
			return false
		case num.intDigits > len(twoTo53):
			return true
		}
		return string(in[num.intStart:num.intStart+num.intDigits]) >= twoTo53
	}
	// The digits of the integer and fraction parts, read as one sequence
	// without the '.', scaled by 10^(exp - fracDigits).
	total := num.intDigits + num.fracDigits
	digit := func(k int) byte {
		if k < num.intDigits {
			return in[num.intStart+k]
		}
		return in[num.intStart+k+1] // past the '.'
	}
	lo, hi := 0, total-1
	for lo < total && digit(lo) == '0' {
		lo++
	}
	if lo == total {
		return false // zero
	}
	for digit(hi) == '0' {
		hi--
	}
	scale := num.exp - int64(num.fracDigits) + int64(total-1-hi)
	if scale < 0 {
		return false // not an integer
	}
	magnitude := int64(hi-lo+1) + scale // decimal digits of the integer
	switch {
	case magnitude < int64(len(twoTo53)):
		return false
	case magnitude > int64(len(twoTo53)):
		return true
	}
	// Sixteen digits: the significant ones, then zeros, against 2^53.
	for k := 0; k < len(twoTo53); k++ {
		d := byte('0')
		if lo+k <= hi {
			d = digit(lo + k)
		}
		if d != twoTo53[k] {
			return d > twoTo53[k]
		}
	}
	return true
}
