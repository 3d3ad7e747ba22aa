package bound

import (
	"math/rand/v2"
	"testing"
)

func mustValue(t testing.TB, raw string) Value {
	t.Helper()
	v, err := decodeAdmitted([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustConstraint(t testing.TB, raw string) Constraint {
	t.Helper()
	c, err := constraintFromValue(mustValue(t, raw), "")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestMeetCases(t *testing.T) {
	for _, c := range []struct {
		a, b string
		m    Mode
		want string // "" for empty
	}{
		// Appendix A.1 stage 2.
		{`{"in":["acme/app","acme/docs"]}`, `{"eq":"acme/app"}`, ModeDual, `{"eq":"acme/app"}`},
		// '*' never crosses '/', 'a/*' needs one: nothing is both.
		{`{"glob":"*"}`, `{"glob":"a/*"}`, ModeDual, ``},
		{`{"glob":"**"}`, `{"glob":"a/*"}`, ModeDual, `{"and":[{"glob":"**"},{"glob":"a/*"}]}`},
		{`{"glob":"a*"}`, `{"glob":"b*"}`, ModePlain, ``},
		{`{"glob":"a*"}`, `{"glob":"*b"}`, ModePlain, `{"and":[{"glob":"a*"},{"glob":"*b"}]}`},
		// A trailing separator: a segment boundary, not a string prefix.
		{`{"prefix":"/srv/acme/"}`, `{"prefix":"/srv/acme-secrets"}`, ModeHierarchical, ``},
		{`{"prefix":"/srv/acme"}`, `{"prefix":"/srv/acme/"}`, ModeHierarchical, `{"prefix":"/srv/acme/"}`},
		{`{"prefix":"/srv/acme/"}`, `{"prefix":"/srv/acme/app"}`, ModeHierarchical, `{"prefix":"/srv/acme/app"}`},
		{`{"prefix":"/srv/acme/"}`, `{"glob":"/srv/acme/**"}`, ModeHierarchical, `{"glob":"/srv/acme/**"}`},
		{`{"prefix":"/srv/acme/"}`, `{"glob":"/srv/other/**"}`, ModeDual, ``},
		{`{"prefix":"acme/"}`, `{"eq":"acme/app"}`, ModeDual, `{"eq":"acme/app"}`},
		// Type-strict equality: 1 is 1.0, true is not 1.
		{`{"eq":1}`, `{"eq":1.0}`, ModeDual, `{"eq":1}`},
		{`{"eq":true}`, `{"eq":1}`, ModeDual, ``},
		{`{"in":[1,"1",true]}`, `{"in":["1"]}`, ModeDual, `{"eq":"1"}`},
		{`{"prefix":"1"}`, `{"eq":1}`, ModeDual, ``},
		// Canonicalization on both operands.
		{`{"eq":"/srv/a/../b"}`, `{"eq":"/srv/b"}`, ModeHierarchical, `{"eq":"/srv/a/../b"}`},
		{`{"eq":"/srv/a/../b"}`, `{"eq":"/srv/b"}`, ModePlain, ``},
		{`{"eq":"café"}`, `{"eq":"cafe\u0301"}`, ModeDual, `{"eq":"café"}`},
		// Nested and flattened.
		{`{"and":[{"prefix":"a"},{"glob":"a*b"}]}`, `{"and":[{"glob":"*b"}]}`, ModePlain, `{"and":[{"glob":"a*b"},{"glob":"*b"}]}`}, // the prefix is implied by the glob
		{`{"glob":"a/*"}`, `{"glob":"a/*"}`, ModeDual, `{"glob":"a/*"}`},
		{`{"in":[]}`, `{"glob":"**"}`, ModeDual, ``},
	} {
		got, ok := MeetConstraints(mustConstraint(t, c.a), mustConstraint(t, c.b), c.m, false)
		s := ""
		if ok {
			s = string(got.appendJSON(nil))
		}
		if s != c.want {
			t.Errorf("%s ⊓ %s (%v) = %s, want %s", c.a, c.b, c.m, s, c.want)
		}
	}
}

// checkExact asserts the meet of a and b admits each probe iff both do.
func checkExact(t testing.TB, a, b Constraint, m Mode, fold bool, ps []Value) {
	t.Helper()
	got, ok := MeetConstraints(a, b, m, fold)
	for _, v := range ps {
		want := Admits(a, v, m, fold) && Admits(b, v, m, fold)
		have := ok && Admits(got, v, m, fold)
		if want != have {
			ja, jb, jv, jg := a.appendJSON(nil), b.appendJSON(nil), v.appendJSON(nil), got.appendJSON(nil)
			t.Fatalf("%v fold %v: %s ⊓ %s = %s (ok %v) admits %s: %v, both inputs: %v", m, fold, ja, jb, jg, ok, jv, have, want)
		}
	}
}

// TestMeetLaws: over generated constraints, the meet is commutative and
// idempotent (as sets of admitted probes) and lies below both inputs
// (indeed equals their intersection).
func TestMeetLaws(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(1, 2))}
	for i := range 800 {
		a, b := g.constraint(0), g.constraint(0)
		ps := probes(a, b)
		m := allModes[i%len(allModes)]
		ab, okab := MeetConstraints(a, b, m, false)
		ba, okba := MeetConstraints(b, a, m, false)
		aa, okaa := MeetConstraints(a, a, m, false)
		for _, v := range ps {
			inA, inB := Admits(a, v, m, false), Admits(b, v, m, false)
			inAB := okab && Admits(ab, v, m, false)
			if inAB != (okba && Admits(ba, v, m, false)) {
				t.Fatalf("not commutative: %s, %s on %s", a.appendJSON(nil), b.appendJSON(nil), v.appendJSON(nil))
			}
			if inA != (okaa && Admits(aa, v, m, false)) {
				t.Fatalf("not idempotent: %s on %s", a.appendJSON(nil), v.appendJSON(nil))
			}
			if inAB && !(inA && inB) {
				t.Fatalf("meet above an input: %s ⊓ %s = %s admits %s", a.appendJSON(nil), b.appendJSON(nil), ab.appendJSON(nil), v.appendJSON(nil))
			}
		}
		checkExact(t, a, b, m, i%2 == 0, ps)
	}
}

// FuzzMeetExact: generated constraint pairs and probes derived from their
// operands; the meet admits a probe iff both inputs do, in every mode.
func FuzzMeetExact(f *testing.F) {
	for i := range 16 {
		f.Add(uint64(i), uint64(i*7+3))
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		g := gen{rand.New(rand.NewPCG(s1, s2))}
		a, b := g.constraint(0), g.constraint(0)
		ps := probes(a, b)
		for _, m := range allModes {
			checkExact(t, a, b, m, false, ps)
			checkExact(t, a, b, m, true, ps)
		}
	})
}

func TestMeetRules(t *testing.T) {
	eqApp := Constraint{Op: OpEq, Value: String("acme/app")}
	r1 := Rule{Tool: "create_issue", Args: map[string]Constraint{"repo": eqApp}}
	r2 := Rule{Tool: "create_issue"}
	got, ok := MeetRules(r1, r2, Canon{})
	if !ok || len(got.Args) != 1 {
		t.Errorf("rule with absent args: %+v %v", got, ok)
	}
	if _, ok := MeetRules(r1, Rule{Tool: "read_file"}, Canon{}); ok {
		t.Error("rules for different tools met")
	}
	r3 := Rule{Tool: "create_issue", Args: map[string]Constraint{"repo": {Op: OpEq, Value: String("acme/docs")}, "title": {Op: OpPrefix, Operand: "x"}}}
	if _, ok := MeetRules(r1, r3, Canon{}); ok {
		t.Error("rule with a disjoint argument kept")
	}
	b, err := MeetBounds(Bound{r1}, Bound{}, Canon{})
	if err != nil || len(b) != 0 {
		t.Errorf("meet with the empty bound: %v %v", b, err)
	}
}

// TestMeetBoundsExact and FuzzMeetBoundsExact: at the level of calls, the
// meet of two generated bounds admits a call iff both do.
func TestMeetBoundsExact(t *testing.T) {
	for i := range 300 {
		checkBoundsExact(t, 3, uint64(i))
	}
}

func FuzzMeetBoundsExact(f *testing.F) {
	for i := range 8 {
		f.Add(uint64(i), uint64(i*13+1))
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) { checkBoundsExact(t, s1, s2) })
}

func checkBoundsExact(t testing.TB, s1, s2 uint64) {
	t.Helper()
	g := gen{rand.New(rand.NewPCG(s1, s2))}
	tools := []string{"t", "u"}
	args := []string{"a", "b"}
	genBound := func() Bound {
		var b Bound
		for range g.r.IntN(3) {
			r := Rule{Tool: tools[g.r.IntN(2)], Args: map[string]Constraint{}}
			for _, a := range args {
				if g.r.IntN(2) == 0 {
					r.Args[a] = g.constraint(0)
				}
			}
			b = append(b, r)
		}
		return b
	}
	x, y := genBound(), genBound()
	c := Canon{Schemas: Schemas{"t": {"a": ModeHierarchical}, "u": {"b": ModePlain}}, Fold: g.r.IntN(4) == 0}
	m, err := MeetBounds(x, y, c)
	if err != nil {
		t.Fatal(err)
	}
	var cs []Constraint
	for _, r := range append(append(Bound{}, x...), y...) {
		for _, k := range r.Args {
			cs = append(cs, k)
		}
	}
	ps := probes(cs...)
	for j := range 40 {
		call := Call{Name: tools[j%2], Arguments: map[string]Value{}}
		for _, a := range args {
			if g.r.IntN(4) != 0 {
				call.Arguments[a] = ps[g.r.IntN(len(ps))]
			}
		}
		want := BoundAdmits(x, call, c) && BoundAdmits(y, call, c)
		if got := BoundAdmits(m, call, c); got != want {
			xb, _ := x.MarshalJSON()
			yb, _ := y.MarshalJSON()
			mb, _ := m.MarshalJSON()
			t.Fatalf("%s ⊓ %s = %s: call %+v admitted %v, want %v", xb, yb, mb, call, got, want)
		}
	}
}
