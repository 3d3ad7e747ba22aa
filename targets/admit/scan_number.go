package admit

import (
	"math"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// scanNumber reads the number token at offset i with the targets' one
// reader of the number grammar (jsonwire.ReadNumber, RFC 8259 section 6)
// and judges it: a value with no finite double is refused, and under IJSON
// so is an integer of magnitude 2^53 or more.
func (s *scanner) scanNumber(i int) (int, error) {
	var num jsonwire.Number
	if err := jsonwire.ReadNumber(s.in, i, &num); err != nil {
		return 0, err
	}
	if !s.finite(&num) {
		return 0, s.fail(NumberNotFinite, num.Start, "number has no finite double")
	}
	if s.ijson && s.unsafeInteger(&num) {
		return 0, s.fail(UnsafeInteger, num.Start, "number whose double has magnitude 2^53 or more")
	}
	return num.End, nil
}

// finite reports whether the number rounds to a finite double
// (RFC 8785 section 3.2.2.3 can only write those). Underflow to zero is
// finite. Numbers below 10^308 are decided without parsing.
func (s *scanner) finite(num *jsonwire.Number) bool {
	if int64(num.IntEnd-num.IntStart)+num.Exp <= 308 {
		return true // below 10^(intDigits+exp) <= 10^308 < MaxFloat64
	}
	_, err := strconv.ParseFloat(string(s.in[num.Start:num.End]), 64)
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
func (s *scanner) unsafeInteger(num *jsonwire.Number) bool {
	in := s.in
	// The digits of the integer and fraction parts, read as one sequence
	// without the '.'.
	intDigits := num.IntEnd - num.IntStart
	total := intDigits + num.FracEnd - num.FracStart
	lo := 0
	for lo < total {
		k := num.IntStart + lo
		if lo >= intDigits {
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
	top := int64(intDigits-1-lo) + num.Exp
	switch {
	case top < 15:
		return false // below 10^15, and so is its double
	case top > 15:
		return true // at least 10^16, above 2^53
	}
	f, _ := strconv.ParseFloat(string(in[num.Start:num.End]), 64)
	return math.Abs(f) >= 1<<53
}
