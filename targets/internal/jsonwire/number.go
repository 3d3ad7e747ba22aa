package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// Number is the shape of one number token (RFC 8259 section 6), as
// ReadNumber found it: in[Start:End], its integer digits
// in[IntStart:IntEnd], its fraction digits in[FracStart:FracEnd] (after the
// '.', empty when there is none) and its exponent digits in[ExpStart:ExpEnd]
// (after the 'e' and its sign, empty when there is none).
type Number struct {
	Start, End         int
	Neg                bool
	IntStart, IntEnd   int
	FracStart, FracEnd int
	ExpStart, ExpEnd   int
	// Exp is the exponent's value with its sign, saturated at
	// ±ExpSaturate.
	Exp int64
}

// ExpSaturate bounds the exponents ReadNumber computes. Any exponent past
// it makes a nonzero number non-finite or smaller than every double,
// whatever its digits, for the inputs that fit in memory.
const ExpSaturate = 1 << 40

// HasFraction reports whether the token has a '.' and fraction digits.
func (num *Number) HasFraction() bool { return num.FracEnd > num.FracStart }

// HasExponent reports whether the token has an exponent.
func (num *Number) HasExponent() bool { return num.ExpEnd > num.ExpStart }

// ReadNumber reads the number token that starts at in[i] (RFC 8259 section
// 6) into num. It is the one reader of the number grammar of the targets'
// fast code: admission judges the token it finds (targets/admit), the
// guard keys an id by it (targets/guard). A token outside the grammar is
// a Syntax *Error at the byte that cannot stand there, or at len(in) when
// the input ends first; num is then left as it was.
//
// The digit runs are read eight bytes at a time and the parts
// are kept in locals, num written once at the end: a number token is the
// whole work of a number-heavy document.
func ReadNumber(in []byte, i int, num *Number) *Error {
	n := len(in)
	start := i
	neg := false
	if uint(i) < uint(n) && in[i] == '-' {
		neg = true
		i++
	}
	intStart := i
	if uint(i) >= uint(n) {
		return fault(Syntax, WantDigit, n, "unexpected end of input, want a digit")
	}
	switch c := in[i]; {
	case c == '0':
		i++
		if uint(i) < uint(n) && isDigit(in[i]) {
			return fault(Syntax, LeadingZero, i, "leading zero in a number")
		}
	case isDigit(c):
		// A one-digit integer part ("4.67") is common and found
		// without a word.
		if i++; uint(i) < uint(n) && isDigit(in[i]) {
			i = n - len(PastDigits(in[i+1:]))
		}
	default:
		return fault(Syntax, WantDigit, i, Unexpected(c, "a digit"))
	}
	intEnd := i
	fracStart, fracEnd := i, i
	if uint(i) < uint(n) && in[i] == '.' {
		i++
		fracStart = i
		i = n - len(PastDigits(in[i:]))
		if i == fracStart {
			return digitWanted(in, i)
		}
		fracEnd = i
	}
	expStart, expEnd := i, i
	var exp int64
	if uint(i) < uint(n) && (in[i] == 'e' || in[i] == 'E') {
		i++
		negExp := false
		if uint(i) < uint(n) && (in[i] == '+' || in[i] == '-') {
			negExp = in[i] == '-'
			i++
		}
		expStart = i
		if i, exp = ExponentDigits(in, i); i == expStart {
			return digitWanted(in, i)
		}
		expEnd = i
		if negExp {
			exp = -exp
		}
	}
	// Field by field: a composite literal is built on the stack and
	// copied, three times the stores.
	num.Start, num.End, num.Neg = start, i, neg
	num.IntStart, num.IntEnd = intStart, intEnd
	num.FracStart, num.FracEnd = fracStart, fracEnd
	num.ExpStart, num.ExpEnd, num.Exp = expStart, expEnd, exp
	return nil
}

// ExponentDigits reads the digits of an exponent at in[i], after its 'e'
// and sign (RFC 8259 section 6): end is the offset after them (end == i:
// there are none), exp their value saturated at ExpSaturate. ReadNumber
// and admission's skipNumbers read exponents with it; it stays within the
// inliner's budget, so neither pays a call.
func ExponentDigits(in []byte, i int) (end int, exp int64) {
	for uint(i) < uint(len(in)) && isDigit(in[i]) {
		if exp < ExpSaturate {
			exp = exp*10 + int64(in[i]-'0')
		}
		i++
	}
	return i, min(exp, ExpSaturate)
}

func digitWanted(in []byte, i int) *Error {
	if i >= len(in) {
		return fault(Syntax, WantDigit, i, "unexpected end of input, want a digit")
	}
	return fault(Syntax, WantDigit, i, Unexpected(in[i], "a digit"))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// PastDigits returns the tail of rest after its leading ASCII digits, read
// eight bytes at a time over a tail of the input (no bounds check on the
// word or the bytes after it). It stays within the inliner's budget (go
// build -gcflags=-m reports "can inline PastDigits"), so ReadNumber's two
// runs, the integer and the fraction digits of RFC 8259 section 6, cost no
// call; SkipDigits, which works on an offset, does not. Admission's
// skipNumbers reads its runs by offset with its own inlined pastDigits
// (targets/admit), which moves no pointer per word.
func PastDigits(rest []byte) []byte {
	for len(rest) >= 8 {
		if m := NonDigits(binary.LittleEndian.Uint64(rest)); m != 0 {
			return rest[bits.TrailingZeros64(m)>>3:]
		}
		rest = rest[8:]
	}
	for len(rest) > 0 && isDigit(rest[0]) {
		rest = rest[1:]
	}
	return rest
}
