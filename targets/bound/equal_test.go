package bound

import (
	"strings"
	"testing"
)

// equalCanon, a test oracle, is the equality of section 3.2.3 on canonical values: same
// JSON type, and equal strings, numbers (by decimal key), booleans, or deep
// structure with members already sorted by name. true is not 1.
func equalCanon(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindNull:
		return true
	case KindBool:
		return a.Bool == b.Bool
	case KindNumber:
		return a.Number == b.Number
	case KindString:
		return a.Str == b.Str
	case KindArray:
		if len(a.Array) != len(b.Array) {
			return false
		}
		for i := range a.Array {
			if !equalCanon(a.Array[i], b.Array[i]) {
				return false
			}
		}
		return true
	case KindObject:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for i := range a.Members {
			if a.Members[i].Name != b.Members[i].Name || !equalCanon(a.Members[i].Value, b.Members[i].Value) {
				return false
			}
		}
		return true
	}
	return false
}

func TestDecimalKey(t *testing.T) {
	same := [][]string{
		{"1", "1.0", "10e-1", "0.1e1", "1E0", "1e+0", "100e-2"},
		{"0", "-0", "0.000", "0e99", "-0.0e-5"},
		{"-12.5", "-125e-1", "-1250E-2"},
		{"9007199254740993", "9007199254740993.0"},
		{"1e400", "10e399"},
	}
	for i, group := range same {
		k0, err := decimalKey(group[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range group[1:] {
			if k, err := decimalKey(n); err != nil || k != k0 {
				t.Errorf("%s: %q, want %q (as %s)", n, k, k0, group[0])
			}
		}
		for _, other := range same[i+1:] {
			if k, _ := decimalKey(other[0]); k == k0 {
				t.Errorf("%s and %s share key %q", group[0], other[0], k)
			}
		}
	}
	if k1, _ := decimalKey("9007199254740993"); k1 == "9007199254740992" {
		t.Error("2^53+1 collapsed")
	}
	if k, err := decimalKey("0e" + strings.Repeat("9", 1000)); err != nil || k != "0" {
		t.Errorf("zero with a long exponent: %q %v", k, err)
	}
	if _, err := decimalKey("1e-" + strings.Repeat("9", 1000)); err == nil {
		t.Error("a long exponent was parsed")
	}
	for _, bad := range []string{"", "-", "1e", "a", "1.2.3", ".5", "1e+-2"} {
		if _, err := decimalKey(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// valueKey is the equality admits uses; it must agree with the structural
// oracle on canonical values.
func TestValueKeyMatchesEquality(t *testing.T) {
	raws := []string{`{"a":1,"b":[true]}`, `{"b":[true],"a":1.0}`, `[1,2]`, `[2,1]`, `"x"`, `{"a":null}`, `{}`, `[]`,
		`1`, `1.0`, `10e-1`, `2`, `true`, `false`, `null`, `"1"`, `[1,"a"]`, `{"k":"v"}`, `{"k":"v","j":1}`, `-0`, `0`}
	for _, m := range []Mode{ModePlain, ModeHierarchical} {
		var vs []Value
		for _, r := range raws {
			v, err := canonValue(mustValue(t, r), m, false)
			if err != nil {
				t.Fatal(err)
			}
			vs = append(vs, v)
		}
		for _, a := range vs {
			for _, b := range vs {
				if (valueKey(a) == valueKey(b)) != equalCanon(a, b) {
					t.Errorf("%s vs %s: key and structure disagree", valueKey(a), valueKey(b))
				}
			}
		}
	}
}
