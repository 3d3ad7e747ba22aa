package gen

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// exponentMantissas are the significands the exponent spellings carry:
// zero in several spellings (zero whatever its exponent, so equal to 0),
// one, a fraction with trailing zeros, and negatives.
var exponentMantissas = []string{"1", "0", "2.50", "0.0", "10", "-1", "-0.000", "25"}

// exponentDigits are exponents of 17 to 21 significant digits: around
// the 18 that bound.decimalKey parses (SEP-3246 section 3.2.3 compares
// numbers by exact decimal value; a longer exponent satisfies no eq or
// in), around int64's largest value, and the powers of ten where a cap
// counted in digits steps.
var exponentDigits = []string{
	"10000000000000000", "99999999999999999", // 17
	"100000000000000000", "999999999999999999", // 18
	"1000000000000000000", "9223372036854775807", "9223372036854775808", "9999999999999999999", // 19
	"10000000000000000000", "99999999999999999999", // 20
	"100000000000000000000", "999999999999999999999", // 21
}

// exponentSpelling draws a JSON number whose exponent has 17 to 21
// significant digits, with a sign or none, 'e' or 'E' and zero to three
// leading zeros: huge (it overflows a double) or tiny (it underflows to
// 0, so admission takes it), and zero for a zero significand.
func (s *source) exponentSpelling() string {
	e := []string{"e", "E"}[s.intn(2)] + []string{"", "+", "-"}[s.intn(3)]
	return exponentMantissas[s.intn(len(exponentMantissas))] + e +
		strings.Repeat("0", s.intn(4)) + exponentDigits[s.intn(len(exponentDigits))]
}

// exponentPair makes the constraints of a pair eq and in over numbers
// spelled with long exponents, and the probes those numbers, another
// drawn spelling and the same value with its exponent's leading zeros
// changed: the numbers SEP-3246 section 3.2.3 compares by value that no
// other shape writes.
func (s *source) exponentPair(p *ConstraintPair) {
	x, y := s.exponentSpelling(), s.exponentSpelling()
	p.A = bound.Constraint{Op: bound.OpEq, Value: number(x)}
	p.B = bound.Constraint{Op: bound.OpIn, Values: []bound.Value{number(y), number(x)}}
	if s.bool() {
		p.B = bound.Constraint{Op: bound.OpEq, Value: number(y)}
	}
	p.Probes = append(p.Probes, number(x), number(y), number(padExponent(x)), number(padExponent(y)), number("0"), number("1"))
}

// padExponent writes n with one more leading zero in its exponent: the
// same value.
func padExponent(n string) string {
	i := strings.IndexAny(n, "eE") + 1
	if i < len(n) && (n[i] == '+' || n[i] == '-') {
		i++
	}
	return n[:i] + "0" + n[i:]
}
