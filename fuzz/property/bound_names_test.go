package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// object is the object of the given member names, each with value 1.
func object(names ...string) bound.Value {
	o := bound.Value{Kind: bound.KindObject}
	for _, n := range names {
		o.Members = append(o.Members, bound.Member{Name: n, Value: bound.Value{Kind: bound.KindNumber, Number: "1"}})
	}
	return o
}

// TestCollidingNamesCanFail: namesCollide tells an object of two spellings
// of one name (NFC and NFD, nested in an array too) from one of two names;
// the checks report a colliding probe that any of the three admit and an
// eq operand whose names collide that admits a probe; and bound's meet and
// admission pass MeetExactUnder on such operands and probes, where
// admitting a colliding object as null (a canonicalization that drops the
// refusal) would fail it.
func TestCollidingNamesCanFail(t *testing.T) {
	dup, nested, apart := object("é", "e\u0301"), bound.Value{Kind: bound.KindArray, Array: []bound.Value{object("\u212b", "\u00c5")}}, object("é", "e")
	if !namesCollide(dup) || !namesCollide(nested) || namesCollide(apart) {
		t.Fatalf("namesCollide: %v %v %v, want true true false", namesCollide(dup), namesCollide(nested), namesCollide(apart))
	}
	eqNull := bound.Constraint{Op: bound.OpEq, Value: bound.Value{Kind: bound.KindNull}}
	for i, in := range [][3]bool{{true, false, false}, {false, true, false}, {false, false, true}} {
		if v := collidingAdmitted(eqNull, eqNull, eqNull, true, dup, bound.ModePlain, false, in[0], in[1], in[2]); v == nil || v.Class != "plain:colliding-names-admitted" {
			t.Errorf("admitted by %d: %v, want plain:colliding-names-admitted", i, v)
		}
	}
	if v := collidingAdmitted(eqNull, eqNull, eqNull, true, dup, bound.ModePlain, false, false, false, false); v != nil {
		t.Errorf("admitted by none: %v", v)
	}
	eqDup := bound.Constraint{Op: bound.OpEq, Value: dup}
	if v := deadOperandAdmits(eqDup, bound.Value{}, bound.ModePlain, false, true); v == nil || v.Class != "plain:colliding-operand-admits" {
		t.Errorf("eq %v admitting null: %v, want plain:colliding-operand-admits", dup, v)
	}
	if v := deadOperandAdmits(bound.Constraint{Op: bound.OpEq, Value: apart}, apart, bound.ModePlain, false, true); v != nil {
		t.Errorf("eq of distinct names admitting itself: %v", v)
	}
	probes := []bound.Value{dup, nested, {}, apart}
	for _, m := range []bound.Mode{bound.ModePlain, bound.ModeHierarchical, bound.ModeDual} {
		for _, fold := range []bool{false, true} {
			for _, pair := range [][2]bound.Constraint{{eqNull, eqNull}, {eqDup, eqNull}, {eqDup, eqDup}} {
				if v := MeetExactUnder(bound.MeetConstraints, pair[0], pair[1], m, fold, probes); v != nil {
					t.Errorf("bound: %v", v)
				}
			}
		}
	}
}
