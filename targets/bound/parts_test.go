package bound

import "testing"

// The Admitter of the harness API gives Admits's answer on every pair of
// a few constraints of each operator and values around their operands, in
// every reading and folding; a Canonical made under another reading or
// folding is admitted by nothing.
func TestAdmitterIsAdmits(t *testing.T) {
	cs := []Constraint{
		{Op: OpEq, Value: String("/srv/acme/x")},
		{Op: OpIn, Values: []Value{String("a/b"), String("Café"), {Kind: KindNumber, Number: "1.0"}}},
		{Op: OpPrefix, Operand: "/srv/acme/"},
		{Op: OpGlob, Operand: "/srv/*/x"},
		{Op: OpGlob, Operand: "%2A"},
		{Op: OpAnd, And: []Constraint{{Op: OpPrefix, Operand: "/srv"}, {Op: OpGlob, Operand: "**/x"}}},
		{Op: OpAnd},
		{Op: "nope"},
	}
	vs := []Value{
		String("/srv/acme/x"), String("/srv/acme/../acme/x"), String("/srv/acme/%2e%2e/x"), String("/SRV/ACME/X"),
		String("/srv/acme-secrets"), String("a/b"), String("a//b"), String("cafe\u0301"), String("café"),
		String("*"), String("100%"), String(""), {Kind: KindNumber, Number: "1"}, {Kind: KindBool, Bool: true},
	}
	admitted := 0
	for _, m := range []Mode{ModePlain, ModeHierarchical, ModeDual} {
		for _, fold := range []bool{false, true} {
			for _, c := range cs {
				a := NewAdmitter(c, m, fold)
				for _, v := range vs {
					want := Admits(c, v, m, fold)
					if got := a.Admits(v); got != want {
						t.Errorf("%s fold %v: Admitter(%+v).Admits(%+v) = %v, Admits says %v", m, fold, c, v, got, want)
					}
					if got := a.AdmitsCanonical(CanonicalValue(v, m, fold)); got != want {
						t.Errorf("%s fold %v: AdmitsCanonical of %+v = %v, Admits says %v", m, fold, v, got, want)
					}
					if a.AdmitsCanonical(CanonicalValue(v, m, !fold)) {
						t.Errorf("%s fold %v: %+v canonicalized with the other folding was admitted", m, fold, v)
					}
					if want {
						admitted++
					}
				}
			}
		}
	}
	if (Admitter{}).Admits(String("")) || (Admitter{}).AdmitsCanonical(CanonicalValue(String(""), ModePlain, false)) {
		t.Error("the zero Admitter admitted a value")
	}
	if admitted == 0 {
		t.Fatal("no pair admitted: the table tells nothing apart")
	}
}
