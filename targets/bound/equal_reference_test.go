package bound

import "testing"

// TestReferenceEqualNumbers: the twin's numbers, by exact value, with the
// 18-digit exponent cap counted on the written exponent.
func TestReferenceEqualNumbers(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"1", "1.0", true},
		{"1", "10e-1", true},
		{"0.1E1", "1", true},
		{"-0", "0", true},
		{"0e999", "0.000", true},
		{"9007199254740993", "9007199254740992", false},
		{"1e400", "10e399", true},
		{"1e-1000000000000000000", "1e-1000000000000000000", false}, // 19 digits: no eq
		{"1e999999999999999999", "10e999999999999999998", true},     // 18 digits
		{"1e999999999999999999", "0.1e1000000000000000000", false},
		{"1e0000000000000000000000001", "10", true}, // leading zeros are not significant
		{"0e1000000000000000000", "0", true},        // zero needs no exponent read
		{"-0.000e99999999999999999999", "0", true},  // a zero, whatever its exponent
		{"25E+9999999999999999999", "25E+9999999999999999999", false},
		{"-1", "1", false},
		{"1.5", "15e-1", true},
		{"2", "1", false},
	} {
		a, b := Value{Kind: KindNumber, Number: c.a}, Value{Kind: KindNumber, Number: c.b}
		if got := ReferenceEqual(a, b, ModePlain, false); got != c.want {
			t.Errorf("ReferenceEqual(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
		eq := NewAdmitter(Constraint{Op: OpEq, Value: a}, ModePlain, false)
		if got := eq.Admits(b); got != c.want {
			t.Errorf("eq %s admits %s: %v, want %v (the target)", c.a, c.b, got, c.want)
		}
	}
}

// TestReferenceEqualRefusesNonNumbers: a token outside RFC 8259's number
// grammar equals nothing to the twin. (The target's decimalKey is given
// only tokens bound's parser admitted, so it is not held to these.)
func TestReferenceEqualRefusesNonNumbers(t *testing.T) {
	for _, tok := range []string{"1.", "0x1", ".5", "1e", "+1", "--1", ""} {
		v := Value{Kind: KindNumber, Number: tok}
		if ReferenceEqual(v, v, ModePlain, false) {
			t.Errorf("ReferenceEqual(%q, %q) = true, want false", tok, tok)
		}
	}
}

// TestReferenceEqualObjects: members unordered, names canonicalized, two
// names that become one equal nothing.
func TestReferenceEqualObjects(t *testing.T) {
	parse := func(s string) Value {
		v, err := ParseValue([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`{"k":1,"j":"v"}`, `{"j":"v","k":1.0}`, true},
		{`{"caf\u00e9":1}`, `{"cafe\u0301":1}`, true},
		{`{"caf\u00e9":1,"cafe\u0301":2}`, `{"caf\u00e9":1,"cafe\u0301":2}`, false},
		{`{"k":1}`, `{"k":1,"j":2}`, false},
		{`[1,"a"]`, `[1.0,"a"]`, true},
		{`[1,"a"]`, `["a",1]`, false},
		{`true`, `true`, true},
		{`null`, `false`, false},
	} {
		a, b := parse(c.a), parse(c.b)
		if got := ReferenceEqual(a, b, ModePlain, false); got != c.want {
			t.Errorf("ReferenceEqual(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
