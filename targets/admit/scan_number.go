package admit

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// judgeNumber judges a number token that jsonwire.ReadNumber read (RFC
// 8259 section 6) and that may be refused: one that may have no finite
// double, or any under IJSON. A value with no finite double is refused,
// and under IJSON so is an integer of magnitude 2^53 or more. run reads
// the token and calls this only when needed, so that a number costs one
// call on the common path.
func (s *scanner) judgeNumber(num *jsonwire.Number) error {
	if !s.finite(num) {
		return s.fail(NumberNotFinite, ByKind, num.Start, "number has no finite double")
	}
	if s.ijson && s.unsafeInteger(num) {
		return s.fail(UnsafeInteger, ByKind, num.Start, "number whose double has magnitude 2^53 or more")
	}
	return nil
}

// mayRefuse reports whether a number needs judgeNumber: under IJSON every
// number, under RFC 8785 one that reaches 10^308 (see finite).
func (s *scanner) mayRefuse(num *jsonwire.Number) bool {
	return s.ijson || int64(num.IntEnd-num.IntStart)+num.Exp > 308
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

// skipNumbers reads the number token at in[i] as jsonwire.ReadNumber does,
// and inside an array (array true) the tokens that follow it each after a
// comma alone, and returns the offset after the last one it read. It reads
// a token only if RFC 8785 cannot refuse it (mayRefuse: its integer digits
// and exponent do not reach past 10^308), and keeps nothing else of it
// (issue 20: ReadNumber's Number, nine fields stored and read back, was an
// eighth of a number's cost, and run's dispatch between the numbers of an
// array about a third). It returns -1 if it could not read the first
// token, which the caller then gives to ReadNumber and judgeNumber; a
// later token it cannot read, or anything else after a comma, it leaves
// for run at the comma.
func skipNumbers(in []byte, i int, array bool) int {
	n := len(in)
	end := -1
	for {
		if uint(i) < uint(n) && in[i] == '-' {
			i++
		}
		if uint(i) >= uint(n) {
			return end
		}
		intStart := i
		switch c := in[i]; {
		case c == '0':
			i++
			if uint(i) < uint(n) && isDigit(in[i]) {
				return end
			}
		case isDigit(c):
			if i++; uint(i) < uint(n) && isDigit(in[i]) {
				i = pastDigits(in, i+1)
			}
		default:
			return end
		}
		intDigits := int64(i - intStart)
		if uint(i) < uint(n) && in[i] == '.' {
			i++
			fracStart := i
			i = pastDigits(in, i)
			if i == fracStart {
				return end
			}
		}
		if uint(i) < uint(n) && (in[i] == 'e' || in[i] == 'E') {
			i++
			negExp := false
			if uint(i) < uint(n) && (in[i] == '+' || in[i] == '-') {
				negExp = in[i] == '-'
				i++
			}
			expStart := i
			var exp int64
			if i, exp = jsonwire.ExponentDigits(in, i); i == expStart {
				return end
			}
			if negExp {
				exp = -exp
			}
			intDigits += exp
		}
		if intDigits > 308 {
			return end
		}
		end = i
		// A comma with nothing after it ends the loop at the next
		// token's bounds test, which returns this end.
		if !array || uint(i) >= uint(n) || in[i] != ',' {
			return end
		}
		i++
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// pastDigits returns the offset of the first byte at or after i that is
// not an ASCII digit, or len(in), for 0 <= i <= len(in): jsonwire.PastDigits
// over an offset, eight bytes at a time (issue 20: PastDigits's tail moved
// a pointer, masked so as not to point past the input, on every word).
func pastDigits(in []byte, i int) int {
	for i <= len(in)-8 {
		if m := jsonwire.NonDigits(binary.LittleEndian.Uint64(in[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for uint(i) < uint(len(in)) && isDigit(in[i]) {
		i++
	}
	return i
}
