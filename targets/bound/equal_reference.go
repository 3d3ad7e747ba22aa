package bound

import (
	"math/big"
	"strings"
)

// ReferenceEqual is the reference twin of the comparison eq and in make
// (SEP-3246 section 3.2.3), written the slow and obvious way: whether a
// constraint eq a admits argument value b under mode m, every reading of
// a dual mode alike. Types never coerce; strings compare once
// canonicalized (section 3.2.2, CanonicalizeString), a top-level one
// under the reading and nested ones plainly; numbers by exact decimal
// value, with math/big, so that no exponent overflows; arrays element by
// element; objects as sets of members whose names are canonicalized
// plainly, keys unordered. A value that cannot be canonicalized equals
// nothing: a string that must be refused, an object two of whose names
// become one, and a nonzero number whose exponent has more than 18
// significant digits (the cap the target documents for decimalKey: parsing
// it costs more than any bound is worth; a zero is zero without it). Harness API: the property
// EqMatchesReference (fuzz/property) holds eq and in to it.
func ReferenceEqual(a, b Value, m Mode, fold bool) bool {
	for _, r := range readings(m) {
		if !referenceEqual(a, b, r, fold) {
			return false
		}
	}
	return true
}

func referenceEqual(a, b Value, m Mode, fold bool) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindNull:
		return true
	case KindBool:
		return a.Bool == b.Bool
	case KindString:
		ca, errA := CanonicalizeString(a.Str, m, fold)
		cb, errB := CanonicalizeString(b.Str, m, fold)
		return errA == nil && errB == nil && ca == cb
	case KindNumber:
		da, okA := referenceDecimal(a.Number)
		db, okB := referenceDecimal(b.Number)
		return okA && okB && da.equal(db)
	case KindArray:
		if len(a.Array) != len(b.Array) {
			return false
		}
		for i := range a.Array {
			if !referenceEqual(a.Array[i], b.Array[i], ModePlain, fold) {
				return false
			}
		}
		return true
	case KindObject:
		ma, okA := referenceMembers(a, fold)
		mb, okB := referenceMembers(b, fold)
		if !okA || !okB || len(ma) != len(mb) {
			return false
		}
		for name, va := range ma {
			vb, ok := mb[name]
			if !ok || !referenceEqual(va, vb, ModePlain, fold) {
				return false
			}
		}
		return true
	}
	return false
}

// referenceMembers maps an object's plainly canonicalized names to their
// values; false when a name cannot be canonicalized or two become one.
func referenceMembers(v Value, fold bool) (map[string]Value, bool) {
	out := make(map[string]Value, len(v.Members))
	for _, mb := range v.Members {
		name, err := CanonicalizeString(mb.Name, ModePlain, fold)
		if err != nil {
			return nil, false
		}
		if _, dup := out[name]; dup {
			return nil, false
		}
		out[name] = mb.Value
	}
	return out, true
}

// exactDecimal is ± digits × 10^exp, digits without leading or trailing
// zeros ("" for zero, whose sign and exponent do not count).
type exactDecimal struct {
	neg    bool
	digits string
	exp    *big.Int
}

func (d exactDecimal) equal(e exactDecimal) bool {
	if d.digits == "" || e.digits == "" {
		return d.digits == e.digits
	}
	return d.neg == e.neg && d.digits == e.digits && d.exp.Cmp(e.exp) == 0
}

// referenceDecimal reads a JSON number token (RFC 8259 section 6) as an
// exact decimal; false for a token outside the grammar, or nonzero with
// an exponent of more than 18 significant digits.
func referenceDecimal(tok string) (exactDecimal, bool) {
	var d exactDecimal
	s := tok
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ReplaceAll(s, "E", "e"), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) || strings.Contains(mant, ".") && frac == "" {
		return d, false
	}
	e := new(big.Int)
	if hasExp {
		sign := ""
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			sign, exp = exp[:1], exp[1:]
		}
		if exp == "" || !allDigits(exp) {
			return d, false
		}
		if len(strings.TrimLeft(exp, "0")) > 18 {
			// Zero is zero whatever its exponent; any other value needs
			// the exponent read.
			return d, strings.Trim(intPart+frac, "0") == ""
		}
		if _, ok := e.SetString(exp, 10); !ok {
			return d, false
		}
		if sign == "-" {
			e.Neg(e)
		}
	}
	all := intPart + frac
	e.Sub(e, big.NewInt(int64(len(frac))))
	trimmed := strings.TrimRight(all, "0")
	e.Add(e, big.NewInt(int64(len(all)-len(trimmed))))
	d.digits, d.exp = strings.TrimLeft(trimmed, "0"), e
	return d, true
}
