package bound

import (
	"slices"
	"strconv"
	"strings"
)

// canonValue canonicalizes a value for eq and in (SEP-3246 section 3.2.3):
// a top-level string under mode m, strings nested in arrays and objects and
// object member names under ModePlain, numbers to their exact decimal value.
// Two members whose names become equal make the object uncanonicalizable,
// and so does a string or name holding a NUL (canonString).
func canonValue(v Value, m Mode, fold bool) (Value, error) {
	return canonValueOf(v, m, fold, true)
}

// canonValueOf is canonValue, with a NUL in a plain string or a member
// name refused only when nul is set: unset, it is the text's
// canonicalization of section 3.2.3 (canonText), which the readings
// without the encoded-structure layer use.
func canonValueOf(v Value, m Mode, fold, nul bool) (Value, error) {
	str := canonString
	if !nul {
		str = canonText
	}
	switch v.Kind {
	case KindString:
		s, err := str(v.Str, m, fold)
		return String(s), err
	case KindNumber:
		n, err := decimalKey(v.Number)
		return Value{Kind: KindNumber, Number: n}, err
	case KindArray:
		out := Value{Kind: KindArray, Array: make([]Value, len(v.Array))}
		for i, e := range v.Array {
			c, err := canonValueOf(e, ModePlain, fold, nul)
			if err != nil {
				return Value{}, err
			}
			out.Array[i] = c
		}
		return out, nil
	case KindObject:
		out := Value{Kind: KindObject, Members: make([]Member, len(v.Members))}
		for i, mb := range v.Members {
			name, err := str(mb.Name, ModePlain, fold)
			if err != nil {
				return Value{}, err
			}
			c, err := canonValueOf(mb.Value, ModePlain, fold, nul)
			if err != nil {
				return Value{}, err
			}
			out.Members[i] = Member{Name: name, Value: c}
		}
		slices.SortFunc(out.Members, byName)
		for i := 1; i < len(out.Members); i++ {
			if out.Members[i].Name == out.Members[i-1].Name {
				return Value{}, notCanonical("two member names are %q once canonicalized", out.Members[i].Name)
			}
		}
		return out, nil
	}
	return v, nil
}

// maxExponentDigits caps the exponent decimalKey parses.
const maxExponentDigits = 18

// decimalKey writes a JSON number (RFC 8259 section 6) as a key that two
// numbers share if and only if they have the same exact decimal value:
// "0", or sign, significant digits without leading or trailing zeros, 'e'
// and the exponent of the last digit. 1, 1.0, 10e-1 and 0.1e1 share "1e0";
// -0 and 0 share "0". No float is involved, so 2^53+1 and 2^53 differ. The
// exponent has at most maxExponentDigits digits, so it and the digits'
// offsets fit an int64; the key is written in one allocation.
func decimalKey(num string) (string, error) {
	s := num
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, exp := s, "0"
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant, exp = s[:i], s[i+1:]
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	expNeg, expDigits := false, exp
	switch {
	case strings.HasPrefix(exp, "-"):
		expNeg, expDigits = true, exp[1:]
	case strings.HasPrefix(exp, "+"):
		expDigits = exp[1:]
	}
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) || expDigits == "" || !allDigits(expDigits) {
		return "", notCanonical("%q is not a JSON number", num)
	}
	// The significant digits run from the first nonzero digit of intPart
	// and frac to the last; e is the exponent of the last one.
	lead := len(intPart) - len(strings.TrimLeft(intPart, "0"))
	if lead == len(intPart) {
		lead += len(frac) - len(strings.TrimLeft(frac, "0"))
	}
	if lead == len(intPart)+len(frac) {
		return "0", nil
	}
	expDigits = strings.TrimLeft(expDigits, "0")
	if len(expDigits) > maxExponentDigits {
		// Parsing a huge exponent costs more than any bound is worth; such a
		// number satisfies no eq or in rather than being approximated.
		return "", notCanonical("exponent of %d digits", len(expDigits))
	}
	e, _ := strconv.ParseInt("0"+expDigits, 10, 64)
	if expNeg {
		e = -e
	}
	trail := len(frac) - len(strings.TrimRight(frac, "0"))
	if trail == len(frac) {
		trail += len(intPart) - len(strings.TrimRight(intPart, "0"))
	}
	e += int64(trail) - int64(len(frac))
	digit := func(i int) byte { // the i-th digit of intPart and frac together
		if i < len(intPart) {
			return intPart[i]
		}
		return frac[i-len(intPart)]
	}
	n := len(intPart) + len(frac) - trail - lead
	var small [64]byte
	b := small[:0]
	if size := 1 + n + 2 + maxExponentDigits; size > len(small) {
		b = make([]byte, 0, size)
	}
	if neg {
		b = append(b, '-')
	}
	for i := lead; i < lead+n; i++ {
		b = append(b, digit(i))
	}
	b = append(b, 'e')
	b = strconv.AppendInt(b, e, 10)
	return string(b), nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
