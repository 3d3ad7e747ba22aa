package property

import (
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// maxReferenceExponentDigits is the documented cap on a number's exponent
// (targets/bound, decimalKey): a number not zero whose exponent has more
// significant digits satisfies no eq or in.
const maxReferenceExponentDigits = 18

var referenceNumber = regexp.MustCompile(`^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$`)

// referenceNumberValue is the exact decimal value of a JSON number (RFC
// 8259 section 6) as its significant digits and the exponent of the last
// one, computed with big.Int, that SEP-3246 section 3.2.3 compares eq and
// in operands by; "0" for every zero. ok is false for what is no number
// and for a number not zero whose exponent is past the documented cap.
func referenceNumberValue(n string) (value string, ok bool) {
	m := referenceNumber.FindStringSubmatch(n)
	if m == nil {
		return "", false
	}
	digits := strings.TrimLeft(m[2]+m[3], "0")
	if digits == "" {
		return "0", true
	}
	exp := strings.TrimLeft(strings.TrimLeft(m[4], "+-"), "0")
	if len(exp) > maxReferenceExponentDigits {
		return "", false
	}
	e, _ := new(big.Int).SetString("0"+exp, 10)
	if strings.HasPrefix(m[4], "-") {
		e.Neg(e)
	}
	trimmed := strings.TrimRight(digits, "0")
	e.Add(e, big.NewInt(int64(len(digits)-len(trimmed)-len(m[3]))))
	return m[1] + trimmed + "e" + e.String(), true
}

// constraintAdmits canonicalizes c once under reading m and folding fold
// and answers whether it admits a value: boundAdmits, or a planted
// variant in a test.
type constraintAdmits = func(c bound.Constraint, m bound.Mode, fold bool) func(bound.Value) bool

// boundAdmits is bound.NewAdmitter's Admits.
func boundAdmits(c bound.Constraint, m bound.Mode, fold bool) func(bound.Value) bool {
	return bound.NewAdmitter(c, m, fold).Admits
}

// numbersByValue holds the eq and in constraints among cs whose operands
// are numbers to the reference: such a constraint admits a number probe
// exactly when the probe has the value of one of its operands
// (referenceNumberValue; class numbers:by-value), under reading m and
// folding fold.
func numbersByValue(property string, admitter constraintAdmits, cs []bound.Constraint, m bound.Mode, fold bool, probes []bound.Value) *Violation {
	for _, c := range cs {
		operands := c.Values
		if c.Op == bound.OpEq {
			operands = []bound.Value{c.Value}
		} else if c.Op != bound.OpIn {
			continue
		}
		var values []string
		numbers := false
		for _, o := range operands {
			if o.Kind != bound.KindNumber {
				continue
			}
			numbers = true
			if ov, ok := referenceNumberValue(o.Number); ok {
				values = append(values, ov)
			}
		}
		if !numbers {
			continue // no number among the operands: nothing for this reference
		}
		admits := admitter(c, m, fold)
		for _, p := range probes {
			if p.Kind != bound.KindNumber {
				continue
			}
			pv, pok := referenceNumberValue(p.Number)
			want := pok && slices.Contains(values, pv)
			if got := admits(p); got != want {
				jc, _ := c.MarshalJSON()
				return violated(property, "numbers:by-value", "%s admits %s: %v, want %v (SEP-3246 section 3.2.3: numbers by exact value, an exponent past %d digits satisfies nothing)",
					jc, p.Number, got, want, maxReferenceExponentDigits)
			}
		}
	}
	return nil
}
