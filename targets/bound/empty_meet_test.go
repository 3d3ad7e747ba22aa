package bound

import (
	"strings"
	"testing"
)

// The empty meets the sweep showed untested (SEP-3246 section 3.3: a rule
// whose meet on some argument is empty is dropped, and an empty result is
// the empty bound, never a rule that happens to admit nothing).

// TestMeetOfAnUncanonicalOperandIsEmpty: an operand that cannot be
// canonicalized admits nothing (section 3.2.2, "MUST reject"), so its meet
// with anything is empty: MeetConstraints says so (ok false, the zero
// constraint), MeetRules drops the rule and MeetBounds returns the empty
// bound. Returning a rule whose constraint admits nothing would admit the
// same calls but write a different bound, one that another reader of the
// chain might not read as empty.
func TestMeetOfAnUncanonicalOperandIsEmpty(t *testing.T) {
	for _, c := range []struct {
		dead, other string
		m           Mode
	}{
		{`{"prefix":"/srv/%zz"}`, `{"prefix":"/srv/"}`, ModeHierarchical},
		{`{"glob":"/srv/a%2Fb/*"}`, `{"glob":"/srv/**"}`, ModeHierarchical},
		{`{"glob":"/srv/a%2Fb/*"}`, `{"prefix":"/srv/"}`, ModeDual},
		{`{"eq":"/srv/../.."}`, `{"prefix":"/"}`, ModeHierarchical},
		{`{"eq":"a\\u0000b/.."}`, `{"glob":"**"}`, ModeDual},
		{`{"eq":1e1111111111111111111}`, `{"in":[1,2]}`, ModePlain},
		{`{"prefix":"/srv/%C3"}`, `{"eq":"/srv/x"}`, ModeHierarchical},
	} {
		a, b := mustConstraint(t, c.dead), mustConstraint(t, c.other)
		for _, pair := range [][2]Constraint{{a, b}, {b, a}} {
			m, ok := MeetConstraints(pair[0], pair[1], c.m, false)
			if ok || m.Op != "" || m.And != nil {
				t.Errorf("%s ⊓ %s (%v) = %s, %v; want empty", c.dead, c.other, c.m, m.appendJSON(nil), ok)
			}
		}
		ra := Rule{Tool: "t", Args: map[string]Constraint{"a": a}}
		rb := Rule{Tool: "t", Args: map[string]Constraint{"a": b}}
		canon := Canon{Schemas: Schemas{"t": {"a": c.m}}}
		if r, ok := MeetRules(ra, rb, canon); ok {
			t.Errorf("rule meet with %s kept: %s", c.dead, r.appendJSON(nil))
		}
		if got, err := MeetBounds(Bound{ra}, Bound{rb, {Tool: "u"}}, canon); err != nil || len(got) != 0 {
			t.Errorf("bound meet with %s: %s, %v; want the empty bound", c.dead, got.appendJSON(nil), err)
		}
	}
}

// TestMeetOfDisjointPrefixesIsEmptyWhenFolding: two prefixes no string
// satisfies both of are an empty meet under every mode, with case folding
// on too. Without folding the automaton search (stringsDisjoint) would find
// them disjoint as well; with folding it is not run, so the prefix test is
// the only one that can say so.
func TestMeetOfDisjointPrefixesIsEmptyWhenFolding(t *testing.T) {
	for _, c := range []struct {
		a, b string
		m    Mode
	}{
		{"/srv/a", "/srv/b", ModePlain},
		{"/srv/a", "/srv/b", ModeDual},
		{"/srv/acme/", "/srv/acme-secrets", ModeHierarchical}, // a boundary prefix is not a string prefix
		{"/SRV/A", "/srv/b", ModeHierarchical},
		{"acme/", "beta/x", ModeDual},
	} {
		for _, fold := range []bool{true, false} {
			pa, pb := Constraint{Op: OpPrefix, Operand: c.a}, Constraint{Op: OpPrefix, Operand: c.b}
			if m, ok := MeetConstraints(pa, pb, c.m, fold); ok {
				t.Errorf("prefix %q ⊓ prefix %q (%v, fold %v) = %s, want empty", c.a, c.b, c.m, fold, m.appendJSON(nil))
			}
		}
	}
	// Folded, prefixes that differ only in case are one prefix, and the
	// narrower of two nested ones is kept.
	for _, c := range []struct{ a, b, want string }{
		{"/SRV/A", "/srv/a", `{"prefix":"/SRV/A"}`},
		{"/srv/", "/SRV/Acme", `{"prefix":"/SRV/Acme"}`},
	} {
		pa, pb := Constraint{Op: OpPrefix, Operand: c.a}, Constraint{Op: OpPrefix, Operand: c.b}
		m, ok := MeetConstraints(pa, pb, ModeHierarchical, true)
		if !ok || string(m.appendJSON(nil)) != c.want {
			t.Errorf("prefix %q ⊓ prefix %q folded = %s, %v; want %s", c.a, c.b, m.appendJSON(nil), ok, c.want)
		}
	}
}

// TestDecoderNeverYieldsAStrayCloser: decodeValue's "unexpected token"
// refusal is defence in depth: jsontext's decoder validates the grammar
// itself, so a closing bracket or brace where a value belongs is its
// syntax error ("not JSON"), at the pointer of the value being read.
// mutation/equivalent.txt excuses the mutant of that refusal on the
// strength of this test.
func TestDecoderNeverYieldsAStrayCloser(t *testing.T) {
	for in, ptr := range map[string]string{
		`]`:             "",
		`}`:             "",
		`[}`:            "/0",
		`[1,]`:          "",
		`{"a":}`:        "/a",
		`{"a":]`:        "/a",
		`{"a":[1,}]}`:   "/a",
		`{"a":{"b":]}}`: "/a/b",
		`[[],{},]`:      "",
	} {
		_, err := decodeAdmitted([]byte(in))
		me := wantMalformed(t, in, err, ptr, FaultNotAdmitted, "not JSON")
		if me != nil && strings.Contains(me.Reason, "unexpected token") {
			t.Errorf("%s: the decoder handed a closer to decodeValue: %s", in, me.Reason)
		}
	}
}
