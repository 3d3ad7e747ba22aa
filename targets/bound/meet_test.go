package bound

import (
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
