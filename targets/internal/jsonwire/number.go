package jsonwire

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
// canonicalizer writes it (targets/jcs). A token outside the grammar is a
// Syntax *Error at the byte that cannot stand there, or at len(in) when
// the input ends first.
func ReadNumber(in []byte, i int, num *Number) *Error {
	n := len(in)
	*num = Number{Start: i}
	if i < n && in[i] == '-' {
		num.Neg = true
		i++
	}
	num.IntStart = i
	switch {
	case i >= n:
		return fault(Syntax, n, "unexpected end of input, want a digit")
	case in[i] == '0':
		i++
		if i < n && isDigit(in[i]) {
			return fault(Syntax, i, "leading zero in a number")
		}
	case isDigit(in[i]):
		for i < n && isDigit(in[i]) {
			i++
		}
	default:
		return fault(Syntax, i, Unexpected(in[i], "a digit"))
	}
	num.IntEnd = i
	num.FracStart, num.FracEnd = i, i
	if i < n && in[i] == '.' {
		i++
		num.FracStart = i
		for i < n && isDigit(in[i]) {
			i++
		}
		if i == num.FracStart {
			return digitWanted(in, i)
		}
		num.FracEnd = i
	}
	num.ExpStart, num.ExpEnd = i, i
	if i < n && (in[i] == 'e' || in[i] == 'E') {
		i++
		neg := false
		if i < n && (in[i] == '+' || in[i] == '-') {
			neg = in[i] == '-'
			i++
		}
		num.ExpStart = i
		for i < n && isDigit(in[i]) {
			if num.Exp < ExpSaturate {
				num.Exp = num.Exp*10 + int64(in[i]-'0')
			}
			i++
		}
		if i == num.ExpStart {
			return digitWanted(in, i)
		}
		num.ExpEnd = i
		if num.Exp > ExpSaturate {
			num.Exp = ExpSaturate
		}
		if neg {
			num.Exp = -num.Exp
		}
	}
	num.End = i
	return nil
}

func digitWanted(in []byte, i int) *Error {
	if i >= len(in) {
		return fault(Syntax, i, "unexpected end of input, want a digit")
	}
	return fault(Syntax, i, Unexpected(in[i], "a digit"))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
