package property

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestEqMatchesReferenceCanFail: bound's own comparison passes on 3,000
// random generator inputs, among which numbers on both sides of the
// target's 18-digit exponent cap, and each fault of the class is a
// violation on some of them: numbers compared as doubles, the cap not
// applied, and objects compared with their names as written.
func TestEqMatchesReferenceCanFail(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 3246))
	inputs := make([][]byte, 3000)
	for i := range inputs {
		inputs[i] = make([]byte, 8+r.IntN(48))
		for j := range inputs[i] {
			inputs[i][j] = byte(r.IntN(256))
		}
	}
	past, at := 0, 0
	for _, in := range inputs {
		if v := EqMatchesReference(BoundEq, in); v != nil {
			t.Fatalf("bound's own comparison on %q: %v", in, v)
		}
		p := gen.GenerateValuePair(in)
		for _, v := range []bound.Value{p.A, p.B} {
			switch exponentDigits(v) {
			case 18:
				at++
			case 19:
				past++
			}
		}
	}
	if at == 0 || past == 0 {
		t.Errorf("%d numbers with an 18-digit exponent, %d with a 19-digit one: want some of each", at, past)
	}
	asDouble := func(c bound.Constraint, m bound.Mode, fold bool, v bound.Value) bool {
		if c.Op == bound.OpEq && c.Value.Kind == bound.KindNumber && v.Kind == bound.KindNumber {
			a, errA := strconv.ParseFloat(c.Value.Number, 64)
			b, errB := strconv.ParseFloat(v.Number, 64)
			return errA == nil && errB == nil && a == b
		}
		return BoundEq(c, m, fold, v)
	}
	noCap := func(c bound.Constraint, m bound.Mode, fold bool, v bound.Value) bool {
		if c.Op == bound.OpEq && c.Value.Kind == bound.KindNumber && v.Kind == bound.KindNumber &&
			(exponentDigits(c.Value) > 18 || exponentDigits(v) > 18) {
			return c.Value.Number == v.Number // as a decimal key without the cap would find the same spelling equal
		}
		return BoundEq(c, m, fold, v)
	}
	namesAsWritten := func(c bound.Constraint, m bound.Mode, fold bool, v bound.Value) bool {
		if c.Op == bound.OpEq && c.Value.Kind == bound.KindObject {
			a, _ := c.Value.MarshalJSON()
			b, _ := v.MarshalJSON()
			return string(a) == string(b)
		}
		return BoundEq(c, m, fold, v)
	}
	for name, judge := range map[string]EqJudge{"numbers as doubles": asDouble, "no exponent cap": noCap, "names as written": namesAsWritten} {
		found := 0
		for _, in := range inputs {
			if EqMatchesReference(judge, in) != nil {
				found++
			}
		}
		if found == 0 {
			t.Errorf("%s: no violation on %d inputs", name, len(inputs))
		}
	}
}

// exponentDigits is the number of significant digits of a number's
// written exponent, 0 for none.
func exponentDigits(v bound.Value) int {
	if v.Kind != bound.KindNumber {
		return 0
	}
	for i := 0; i < len(v.Number); i++ {
		if c := v.Number[i]; c == 'e' || c == 'E' {
			exp := v.Number[i+1:]
			if len(exp) > 0 && (exp[0] == '+' || exp[0] == '-') {
				exp = exp[1:]
			}
			for len(exp) > 0 && exp[0] == '0' {
				exp = exp[1:]
			}
			return len(exp)
		}
	}
	return 0
}
