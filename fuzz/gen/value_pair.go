package gen

import (
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ValuePair is two argument values for the eq and in comparison: B is A
// respelled (equal by value) when Respelled, else A changed in one place
// (so usually unequal, but a change may land on an equal spelling).
type ValuePair struct {
	A, B      bound.Value
	Respelled bool
}

// GenerateValuePair turns data into two JSON values for the comparison eq
// and in make (SEP-3246 section 3.2.3): a number, an array of numbers, an
// object of one to three members or a string, and the same value
// respelled as a byte mutator does not respell it (the point moved,
// trailing and leading zeros, exponents of 1 to 21 digits and signed
// zeros; names and strings in canonically equivalent spellings, members
// reordered), or changed in one
// digit, one exponent or one name. Exponents near 10^18 put one spelling
// on each side of the 18-digit cap the target documents. Like Generate,
// it never fails.
func GenerateValuePair(data []byte) ValuePair {
	s := newSource(data)
	p := ValuePair{Respelled: s.intn(4) != 3} // an input run dry respells
	a, b := s.valuePair(0)
	p.A = a
	if p.Respelled {
		p.B = b
	} else {
		p.B = s.changed(b)
	}
	return p
}

// pairNames are member names: plain ones and nameRoots, the names with
// more than one canonically equivalent spelling (equivalent_names.go).
var pairNames = append([]string{"k", "j", "A", "a"}, nameRoots...)

// valuePair draws a value and a respelling of it.
func (s *source) valuePair(depth int) (bound.Value, bound.Value) {
	switch k := s.intn(8); {
	case k < 4 || depth > 1:
		d := s.exactNumber()
		return number(d.spell(s)), number(d.spell(s))
	case k < 5:
		str := pairNames[s.intn(len(pairNames))]
		return bound.String(respellName(str, s)), bound.String(respellName(str, s))
	case k < 6:
		n := 1 + s.intn(3)
		var a, b bound.Value
		a.Kind, b.Kind = bound.KindArray, bound.KindArray
		for range n {
			x, y := s.valuePair(depth + 1)
			a.Array, b.Array = append(a.Array, x), append(b.Array, y)
		}
		return a, b
	default:
		n := 1 + s.intn(3)
		var a, b bound.Value
		a.Kind, b.Kind = bound.KindObject, bound.KindObject
		for range n {
			name := pairNames[s.intn(len(pairNames))]
			x, y := s.valuePair(depth + 1)
			a.Members = append(a.Members, bound.Member{Name: respellName(name, s), Value: x})
			b.Members = append(b.Members, bound.Member{Name: respellName(name, s), Value: y})
		}
		if n > 1 && s.bool() {
			b.Members[0], b.Members[n-1] = b.Members[n-1], b.Members[0]
		}
		return a, b
	}
}

// respellName draws one of name's canonically equivalent spellings
// (equivalentSpellings: as written, NFC, NFD, combining marks reordered),
// so that two members of one object may be one name twice.
func respellName(name string, s *source) string {
	sp := equivalentSpellings(name)
	return sp[s.intn(len(sp))]
}

// changed returns v changed in one place: a number's digit or exponent,
// a string or name replaced, an element or member dropped.
func (s *source) changed(v bound.Value) bound.Value {
	switch v.Kind {
	case bound.KindNumber:
		d, ok := readExact(v.Number)
		if !ok {
			return v
		}
		if s.bool() {
			d.exp += int64(1 - 2*s.intn(2))
		} else {
			i := s.intn(len(d.digits))
			c := '0' + (d.digits[i]-'0'+1)%10
			if i == 0 && c == '0' {
				c = '1' // a leading digit stays nonzero
			}
			d.digits = d.digits[:i] + string(c) + d.digits[i+1:]
		}
		return number(d.spell(s))
	case bound.KindString:
		return bound.String(pairNames[s.intn(len(pairNames))])
	case bound.KindArray:
		out := bound.Value{Kind: bound.KindArray, Array: append([]bound.Value(nil), v.Array...)}
		i := s.intn(len(out.Array))
		out.Array[i] = s.changed(out.Array[i])
		return out
	case bound.KindObject:
		out := bound.Value{Kind: bound.KindObject, Members: append([]bound.Member(nil), v.Members...)}
		i := s.intn(len(out.Members))
		if s.bool() {
			out.Members[i].Name = pairNames[s.intn(len(pairNames))]
		} else {
			out.Members[i].Value = s.changed(out.Members[i].Value)
		}
		return out
	}
	return v
}

func number(tok string) bound.Value { return bound.Value{Kind: bound.KindNumber, Number: tok} }

// pairExact is ± digits × 10^exp with digits nonzero-led ("0" for zero).
type pairExact struct {
	neg    bool
	digits string
	exp    int64
}

// pairExponents are the exponents drawn: small, past a double's range,
// and on both sides of 10^18, where the written exponent's digits cross
// the target's 18-digit cap as the point moves.
var pairExponents = []int64{0, 1, -1, 2, -7, 20, 308, -324, 400, -400,
	999_999_999_999_999_990, -999_999_999_999_999_990, 1_000_000_000_000_000_000, -1_000_000_000_000_000_000,
	99_999_999_999_999_990, 9_000_000_000_000_000_000}

// exactNumber draws a decimal: up to 20 digits, a sign, an exponent
// near one of pairExponents.
func (s *source) exactNumber() pairExact {
	if s.intn(8) == 0 {
		return pairExact{neg: s.bool(), digits: "0", exp: pairExponents[s.intn(len(pairExponents))]}
	}
	n := 1 + s.intn(20)
	digits := strconv.FormatUint(s.uint64()|1<<63, 10) // 19 or 20 digits, nonzero-led
	digits = strings.TrimRight(digits[:min(n, len(digits))], "0")
	return pairExact{neg: s.bool(), digits: digits, exp: pairExponents[s.intn(len(pairExponents))] + int64(s.intn(5)) - 2}
}

// spell writes d as a JSON number token: the point after k of its digits
// (k may lie past them, written as zeros, or before them, as leading
// zeros), trailing zeros after the point, and the exponent that keeps the
// value, with a sign and leading zeros as drawn; no exponent when it is 0
// and the draw allows it.
func (d pairExact) spell(s *source) string {
	digits := d.digits
	if digits == "" {
		digits = "0"
	}
	k := len(digits) - 2 + s.intn(5) // digits before the point
	if digits == "0" {
		k = min(k, 1) // zero has no digits to move: "0", or "0.0..."
	}
	exp := d.exp + int64(len(digits)-k)
	var b strings.Builder
	if d.neg {
		b.WriteByte('-')
	}
	switch {
	case k <= 0:
		b.WriteString("0." + strings.Repeat("0", -k) + digits)
	case k >= len(digits):
		b.WriteString(digits + strings.Repeat("0", k-len(digits)))
	default:
		b.WriteString(digits[:k] + "." + digits[k:])
	}
	if k < len(digits) && k > 0 && s.bool() {
		b.WriteString("00")
	}
	if exp == 0 && s.bool() {
		return b.String()
	}
	b.WriteByte("eE"[s.intn(2)])
	switch {
	case exp < 0:
		b.WriteByte('-')
	case s.bool():
		b.WriteByte('+')
	}
	b.WriteString(strings.Repeat("0", s.intn(3)))
	b.WriteString(strconv.FormatUint(absExp(exp), 10))
	return b.String()
}

func absExp(e int64) uint64 {
	if e < 0 {
		return uint64(-e)
	}
	return uint64(e)
}

// readExact reads back a token spell wrote (or any plain JSON number
// whose exponent fits an int64).
func readExact(tok string) (pairExact, bool) {
	var d pairExact
	if strings.HasPrefix(tok, "-") {
		d.neg, tok = true, tok[1:]
	}
	mant, exp, _ := strings.Cut(strings.ToLower(tok), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	if exp != "" {
		e, err := strconv.ParseInt(exp, 10, 64)
		if err != nil {
			return d, false
		}
		d.exp = e
	}
	all := strings.TrimLeft(intPart+frac, "0")
	d.exp -= int64(len(frac))
	trimmed := strings.TrimRight(all, "0")
	d.exp += int64(len(all) - len(trimmed))
	d.digits = trimmed
	if d.digits == "" {
		d.digits = "0"
	}
	return d, true
}
