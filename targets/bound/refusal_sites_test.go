package bound

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// The refusal sites of the parser, one by one, with the pointer, the fault
// (the rule of SEP-3246 broken, a typed Fault) AND the reason each refusal
// gives (SEP-3246 section 4.3: a malformed chain is a
// violation; the pointer and reason are what an operator reads in the
// audit log). A required member that is absent reads as JSON null to the
// next check, which refuses it too at the same pointer, so only the reason
// tells "absent" from "null": the mutation sweep showed that dropping the
// "is required" checks went unnoticed when only the pointer was asserted.

// wantMalformed fails t unless err is a *MalformedError at ptr for the
// rule fault whose reason contains reason.
func wantMalformed(t *testing.T, what string, err error, ptr string, fault Fault, reason string) *MalformedError {
	t.Helper()
	var me *MalformedError
	if !errors.Is(err, ErrMalformed) || !errors.As(err, &me) {
		t.Errorf("%s: %v, want malformed at %q, %v (%s)", what, err, ptr, fault, reason)
		return nil
	}
	if me.Pointer != ptr || me.Fault != fault || !strings.Contains(me.Reason, reason) {
		t.Errorf("%s: malformed at %q, %v (%s), want at %q, %v (%s)", what, me.Pointer, me.Fault, me.Reason, ptr, fault, reason)
	}
	return me
}

func TestProvenanceRefusalReasons(t *testing.T) {
	hop := func(h string) string { return `{"v":1,"chain":[` + h + `]}` }
	rule := func(r string) string { return hop(`{"component":"h","bound":[` + r + `]}`) }
	for _, c := range []struct {
		in, ptr string
		fault   Fault
		reason  string
	}{
		{`[]`, "", FaultWantObject, "provenance must be an object, not array"},
		{`"p"`, "", FaultWantObject, "provenance must be an object, not string"},
		{`{"chain":[]}`, "/v", FaultMissing, "v is required"},
		{`{"v":null,"chain":[]}`, "/v", FaultWantInteger, "v must be an integer, not null"},
		{`{"v":"1","chain":[]}`, "/v", FaultWantInteger, "v must be an integer, not string"},
		{`{"v":true,"chain":[]}`, "/v", FaultWantInteger, "v must be an integer, not boolean"},
		{`{"v":2,"chain":[]}`, "/v", FaultUnknownVersion, "unrecognized version 2 (this guard implements v: 1)"},
		{`{"v":0,"chain":[]}`, "/v", FaultUnknownVersion, "unrecognized version 0"},
		{`{"v":1.5,"chain":[]}`, "/v", FaultUnknownVersion, "unrecognized version 1.5"},
		{`{"v":1}`, "/chain", FaultMissing, "chain is required"},
		{`{"v":1,"chain":null}`, "/chain", FaultWantArray, "chain must be an array, not null"},
		{`{"v":1,"chain":{}}`, "/chain", FaultWantArray, "chain must be an array, not object"},
		{`{"v":1,"chain":[],"x":1}`, "/x", FaultUnknownMember, `unknown member "x"`},
		{hop(`7`), "/chain/0", FaultWantObject, "a hop must be an object, not number"},
		{hop(`{"component":"h","bound":[],"z":1}`), "/chain/0/z", FaultUnknownMember, `unknown member "z"`},
		{hop(`{"bound":[]}`), "/chain/0/component", FaultMissing, "component is required"},
		{hop(`{"component":null,"bound":[]}`), "/chain/0/component", FaultWantString, "component must be a string, not null"},
		{hop(`{"component":"h"}`), "/chain/0/bound", FaultMissing, "bound is required"},
		{hop(`{"component":"h","bound":null}`), "/chain/0/bound", FaultWantArray, "a bound must be an array of rules, not null"},
		{rule(`"t"`), "/chain/0/bound/0", FaultWantObject, "a rule must be an object, not string"},
		{rule(`{"args":{}}`), "/chain/0/bound/0/tool", FaultMissing, "tool is required"},
		{rule(`{"tool":null}`), "/chain/0/bound/0/tool", FaultWantString, "tool must be a string, not null"},
		{rule(`{"tool":"t","args":null}`), "/chain/0/bound/0/args", FaultWantObject, "args must be an object, not null"},
		{rule(`{"tool":"t","args":[]}`), "/chain/0/bound/0/args", FaultWantObject, "args must be an object, not array"},
	} {
		_, err := Parse([]byte(c.in))
		wantMalformed(t, c.in, err, c.ptr, c.fault, c.reason)
	}
}

// TestConstraintRefusalReasons: each refusal of constraintFromValue
// (section 3.2, 3.4: one member, one of the five operators, the operand of
// the operator's type) at its pointer, for its fault, with its reason.
func TestConstraintRefusalReasons(t *testing.T) {
	const at = "/chain/0/bound/0/args/a"
	rule := func(c string) string {
		return `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":` + c + `}}]}]}`
	}
	for _, c := range []struct {
		in, ptr string
		fault   Fault
		reason  string
	}{
		{`"x"`, at, FaultWantObject, "a constraint must be an object, not string"},
		{`null`, at, FaultWantObject, "a constraint must be an object, not null"},
		{`{}`, at, FaultOperatorCount, "a constraint needs one operator"},
		{`{"eq":1,"in":[1]}`, at + "/in", FaultOperatorCount, `two operators in one constraint ("eq" and "in")`},
		{`{"prefix":"a","glob":"b","eq":1}`, at + "/glob", FaultOperatorCount, `two operators in one constraint ("prefix" and "glob")`},
		{`{"in":"x"}`, at + "/in", FaultWantArray, "in takes an array, not string"},
		{`{"prefix":1}`, at + "/prefix", FaultWantString, "prefix takes a string, not number"},
		{`{"glob":true}`, at + "/glob", FaultWantString, "glob takes a string, not boolean"},
		{`{"and":{}}`, at + "/and", FaultWantArray, "and takes an array, not object"},
		{`{"and":[]}`, at + "/and", FaultEmptyAnd, "and needs at least one constraint"},
		{`{"and":[{"eq":1},{}]}`, at + "/and/1", FaultOperatorCount, "a constraint needs one operator"},
		{`{"regex":"a.*"}`, at + "/regex", FaultUnknownOperator, `unknown operator "regex" (the operators are eq, in, prefix, glob, and)`},
		{`{"EQ":1}`, at + "/EQ", FaultUnknownOperator, `unknown operator "EQ"`},
		{`{"a/b":1}`, at + "/a~1b", FaultUnknownOperator, `unknown operator "a/b"`},
	} {
		_, err := Parse([]byte(rule(c.in)))
		wantMalformed(t, c.in, err, c.ptr, c.fault, c.reason)
	}
	// A glob the compiler refuses is malformed at the operand, with the
	// *GlobError kept as the cause and its offset in the reason.
	_, err := Parse([]byte(rule(`{"glob":"ab[c"}`)))
	if me := wantMalformed(t, "glob ab[c", err, at+"/glob", FaultInvalidGlob, "invalid glob at byte 2: unterminated ["); me != nil {
		var ge *GlobError
		if !errors.As(me.Err, &ge) || ge.Offset != 2 || ge.Reason != "unterminated [" {
			t.Errorf("glob ab[c: cause %v, want the GlobError at 2", me.Err)
		}
	}
}

// TestCallRefusalReasons: a call (section 1, the params of tools/call) is
// an object with a string name and, if any, an object of arguments.
func TestCallRefusalReasons(t *testing.T) {
	for _, c := range []struct {
		in, ptr string
		fault   Fault
		reason  string
	}{
		{`[]`, "", FaultWantObject, "a call must be an object, not array"},
		{`{"arguments":{}}`, "/name", FaultMissing, "a call needs a string name"},
		{`{"name":null}`, "/name", FaultWantString, "a call needs a string name"},
		{`{"name":["read"]}`, "/name", FaultWantString, "a call needs a string name"},
		{`{"name":"read","arguments":[]}`, "/arguments", FaultWantObject, "arguments must be an object, not array"},
		{`{"name":"read","arguments":null}`, "/arguments", FaultWantObject, "arguments must be an object, not null"},
		{`{"name":"read","arguments":"x"}`, "/arguments", FaultWantObject, "arguments must be an object, not string"},
	} {
		_, err := ParseCall([]byte(c.in))
		wantMalformed(t, c.in, err, c.ptr, c.fault, c.reason)
	}
	if c, err := ParseCall([]byte(`{"name":"read"}`)); err != nil || c.Name != "read" || c.Arguments == nil || len(c.Arguments) != 0 {
		t.Errorf("a call without arguments: %+v, %v; want no arguments", c, err)
	}
}

// TestToolsListRefusalReasons: a tools/list result, bare or inside a
// JSON-RPC response, needs a tools array and every tool a string name; the
// pointer says where, under "/result" when it was a response.
func TestToolsListRefusalReasons(t *testing.T) {
	for _, c := range []struct {
		in, ptr string
		fault   Fault
		reason  string
	}{
		{`{}`, "/tools", FaultMissing, "a tools/list result needs a tools array"},
		{`{"tools":{}}`, "/tools", FaultWantArray, "a tools/list result needs a tools array"},
		{`{"result":{"tools":7}}`, "/result/tools", FaultWantArray, "a tools/list result needs a tools array"},
		{`{"tools":[{"inputSchema":{}}]}`, "/tools/0", FaultMissing, "a tool needs a string name"},
		{`{"tools":[{"name":"a"},{"name":3}]}`, "/tools/1", FaultWantString, "a tool needs a string name"},
		{`{"tools":[{"name":"a"},"b"]}`, "/tools/1", FaultWantObject, "a tool needs a string name"},
		{`{"result":{"tools":[{"name":"a"},{"name":null}]}}`, "/result/tools/1", FaultWantString, "a tool needs a string name"},
	} {
		s, err := ParseTools([]byte(c.in))
		if wantMalformed(t, c.in, err, c.ptr, c.fault, c.reason); s != nil {
			t.Errorf("%s: schemas %v returned with the refusal", c.in, s)
		}
	}
}

// TestDecodeRefusalReasons: admission's refusal is kept as the cause, and
// the decoder alone (without admission in front of it) refuses a second
// value and a duplicate name at the whole document.
func TestDecodeRefusalReasons(t *testing.T) {
	_, err := ParseValue([]byte(`{"a":1,"a":2}`))
	if me := wantMalformed(t, "duplicate member", err, "", FaultNotAdmitted, "not admitted: "); me != nil {
		var ae *admit.Error
		if !errors.As(me.Err, &ae) || ae.Kind != admit.DuplicateMember {
			t.Errorf("duplicate member: cause %v, want admit's DuplicateMember", me.Err)
		}
	}
	_, err = decodeAdmitted([]byte(`{"a":1} {"b":2}`))
	wantMalformed(t, "two values", err, "", FaultNotAdmitted, "content after the top-level value")
	_, err = decodeAdmitted([]byte(`[1,2`))
	wantMalformed(t, "unterminated array", err, "", FaultNotAdmitted, "not JSON")
	_, err = decodeAdmitted([]byte(`{"a":[1,{"b":"c","b":1}]}`))
	wantMalformed(t, "nested duplicate", err, "/a/1", FaultNotAdmitted, "not JSON")
	if v, err := decodeAdmitted([]byte(` {"a":[1,"x"]} `)); err != nil || v.Kind != KindObject {
		t.Errorf("one value with blanks around it: %+v, %v", v, err)
	}
}

// wantCanonError fails t unless err is a *CanonError whose reason contains
// reason.
func wantCanonError(t *testing.T, what string, err error, reason string) {
	t.Helper()
	var ce *CanonError
	if !errors.Is(err, ErrNotCanonical) || !errors.As(err, &ce) || !strings.Contains(ce.Reason, reason) {
		t.Errorf("%s: %v, want refused as not canonical (%s)", what, err, reason)
	}
}

// TestCanonicalizeStringRefusalReasons: section 3.2.2's refusals that
// TestCanonRefusals does not reach: a mode that is not one reading, a
// value that is not UTF-8, and a NUL outside the path's segments (in the
// query, the fragment or the authority), which the per-segment check does
// not see and the check of the whole result must.
func TestCanonicalizeStringRefusalReasons(t *testing.T) {
	for _, m := range []Mode{ModeDual, Mode(9)} {
		_, err := CanonicalizeString("/x", m, false)
		wantCanonError(t, "mode "+m.String(), err, "reads one mode at a time, not "+m.String())
	}
	for _, m := range []Mode{ModePlain, ModeHierarchical} {
		for _, s := range []string{"a\xff", "\xc3", "/srv/\xed\xa0\x80"} {
			_, err := CanonicalizeString(s, m, false)
			wantCanonError(t, m.String()+" "+s, err, "not UTF-8")
		}
	}
	for _, s := range []string{"/x?%00", "/x?q=a%00b", "/x#%00", "/x?a\x00b", "/x#\x00", "https://h\x00st/x", "https://h/x?%2500"} {
		_, err := CanonicalizeString(s, ModeHierarchical, false)
		wantCanonError(t, s, err, "NUL in a hierarchical value")
	}
	// The same strings without the NUL are canonical: the refusal is the
	// NUL's, not the query's.
	for s, want := range map[string]string{"/x?%41": "/x?A", "/x#a": "/x#a", "https://host/x": "https://host/x"} {
		if got, err := CanonicalizeString(s, ModeHierarchical, false); err != nil || got != want {
			t.Errorf("CanonicalizeString(%q) = %q, %v; want %q", s, got, err, want)
		}
	}
}

// TestCanonGlobRefusalReasons: a glob operand under the hierarchical
// reading is refused where a value would be (section 3.2.2, "the identical
// transformation"): a percent-encoded separator, dot segment or delimiter
// in its literal text, bad percent-encoding, a NUL, and a ".." it cannot
// resolve. Each is named; the same pattern is compiled under the plain
// reading, where none of this applies.
func TestCanonGlobRefusalReasons(t *testing.T) {
	for _, c := range []struct{ pattern, reason string }{
		{"/data/a%2Fb/*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/a%2fb*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/a%5Cb/*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/a%3Fb/*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/a%23b/*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/%2E%2E/*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/%2e/x*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/%252F/*", "percent-encoded separator, dot segment or delimiter in a pattern"},
		{"/data/%zz/*", "does not start a percent-encoded octet"},
		{"/data/%C3/*", "percent-decoded bytes are not UTF-8"},
		{"/data/a%00/*", "NUL in a hierarchical pattern"},
		{"/../*", "pattern climbs above its root"},
		{"../x*", "pattern climbs above its root"},
		{"/data/*/../x", "'..' after a segment with a wildcard cannot be resolved"},
		{"/data/a?/../x", "'..' after a segment with a wildcard cannot be resolved"},
	} {
		g, err := canonGlob(c.pattern, ModeHierarchical, false)
		wantCanonError(t, c.pattern, err, c.reason)
		if g != nil {
			t.Errorf("canonGlob(%q) returned a glob with its refusal", c.pattern)
		}
		if _, err := canonGlob(c.pattern, ModePlain, false); err != nil {
			t.Errorf("canonGlob(%q, plain) = %v, want compiled: the plain reading only applies NFC", c.pattern, err)
		}
	}
	// A constraint whose glob cannot be canonicalized admits nothing, even
	// a value that matches the pattern as written.
	c := Constraint{Op: OpGlob, Operand: "/data/a%2Fb/*"}
	if Admits(c, String("/data/a%2Fb/x"), ModeHierarchical, false) || Admits(c, String("/data/a/b/x"), ModeHierarchical, false) {
		t.Error("a glob with a percent-encoded separator admitted a value")
	}
}

// TestCanonValueRefusesCollidingNames: an object whose member names become
// equal once canonicalized (NFC, or case folding when the deployment
// folds) has no canonical form (section 3.2.3), at any depth, and an eq or
// in of it admits nothing.
func TestCanonValueRefusesCollidingNames(t *testing.T) {
	obj := func(a, b string) Value {
		return Value{Kind: KindObject, Members: []Member{{Name: a, Value: String("1")}, {Name: b, Value: String("2")}}}
	}
	for _, c := range []struct {
		v    Value
		fold bool
		name string
	}{
		{obj("\u00e9", "e\u0301"), false, "\u00e9"},
		{obj("Ab", "aB"), true, "ab"},
		{Value{Kind: KindArray, Array: []Value{String("x"), obj("\u212b", "\u00c5")}}, false, "\u00c5"},
		{Value{Kind: KindObject, Members: []Member{{Name: "o", Value: obj("e\u0301", "\u00e9")}}}, false, "\u00e9"},
	} {
		for _, m := range []Mode{ModePlain, ModeHierarchical} {
			_, err := canonValue(c.v, m, c.fold)
			wantCanonError(t, string(c.v.appendJSON(nil)), err, `two member names are "`+c.name+`" once canonicalized`)
			eq := Constraint{Op: OpEq, Value: c.v}
			if Admits(eq, c.v, m, c.fold) {
				t.Errorf("eq %s admitted itself though it has no canonical form", c.v.appendJSON(nil))
			}
		}
	}
	if _, err := canonValue(obj("Ab", "aB"), ModePlain, false); err != nil {
		t.Errorf("names that differ only in case collided without folding: %v", err)
	}
}

// TestMeetRuleCap pins MaxRules (4096, documented in meet_rules.go) as a
// literal: a meet of 4096 distinct rules is built, one of 4097 fails with
// ErrTooLarge naming the cap.
func TestMeetRuleCap(t *testing.T) {
	if MaxRules != 4096 {
		t.Fatalf("MaxRules = %d, the documentation says 4096", MaxRules)
	}
	distinct := func(n int) Bound {
		b := make(Bound, n)
		for i := range b {
			b[i] = Rule{Tool: "t", Args: map[string]Constraint{"a": {Op: OpEq, Value: Value{Kind: KindNumber, Number: strconv.Itoa(i)}}}}
		}
		return b
	}
	one := Bound{{Tool: "t"}}
	if m, err := MeetBounds(one, distinct(4096), Canon{}); err != nil || len(m) != 4096 {
		t.Fatalf("a meet of 4096 distinct rules: %d rules, %v; want all of them", len(m), err)
	}
	m, err := MeetBounds(one, distinct(4097), Canon{})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "(4096)") || m != nil {
		t.Fatalf("a meet of 4097 distinct rules: %d rules, %v; want ErrTooLarge (4096)", len(m), err)
	}
	// Rules met to the same rule are kept once and do not count twice.
	same := make(Bound, 5000)
	for i := range same {
		same[i] = Rule{Tool: "t"}
	}
	if m, err := MeetBounds(one, same, Canon{}); err != nil || len(m) != 1 {
		t.Fatalf("5000 identical meets: %d rules, %v; want one", len(m), err)
	}
}

// TestMeetWorkCap pins MaxMeetWork (1 << 26 = 67108864 bytes of rules met,
// documented in meet_rules.go) as a literal: the work of a meet is, for
// each rule of a, the bytes of a's rule times the rules of b for its tool
// plus the bytes of those rules. A meet of exactly 67108864 bytes is built;
// one byte more fails with ErrTooLarge before any rule is met.
func TestMeetWorkCap(t *testing.T) {
	if MaxMeetWork != 67108864 {
		t.Fatalf("MaxMeetWork = %d, the documentation says 1 << 26", MaxMeetWork)
	}
	for _, c := range []struct {
		work int
		ok   bool
	}{{67108864, true}, {67108865, false}} {
		a, b := boundsOfMeetWork(t, c.work)
		m, err := MeetBounds(a, b, Canon{})
		if c.ok && (err != nil || len(m) != 2) {
			t.Errorf("work %d: %d rules, %v; want the meet built (2 rules)", c.work, len(m), err)
		}
		if !c.ok && (!errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "67108864 bytes") || m != nil) {
			t.Errorf("work %d: %d rules, %v; want ErrTooLarge over 67108864 bytes", c.work, len(m), err)
		}
	}
}

// boundsOfMeetWork returns a (one rule) and b (256 rules of the same tool)
// whose meet does exactly work bytes of work: 256 pairs, well under
// MaxPairs, so only the work cap can refuse it.
func boundsOfMeetWork(t *testing.T, work int) (Bound, Bound) {
	t.Helper()
	const n = 256
	sized := func(arg string, k int) Rule {
		return Rule{Tool: "t", Args: map[string]Constraint{arg: {Op: OpEq, Value: String(strings.Repeat("x", k))}}}
	}
	size := func(r Rule) int { return len(r.appendJSON(nil)) }
	small := Rule{Tool: "t"}
	rest := work - (n-1)*size(small) - size(sized("b", 0)) // n * size(ra) + the padding of b's last rule
	x := rest/n - size(sized("a", 0))
	ra := sized("a", x)
	rb := sized("b", rest-n*size(ra))
	b := make(Bound, 0, n)
	for range n - 1 {
		b = append(b, small)
	}
	b = append(b, rb)
	if got := n*size(ra) + (n-1)*size(small) + size(rb); got != work {
		t.Fatalf("built a meet of %d bytes of work, want %d", got, work)
	}
	return Bound{ra}, b
}

// TestDecodeRoundsPinned pins MaxDecodeRounds (4, documented in canon.go
// with its examples) as literals: "%25252541" needs four rounds and
// decodes to "A"; "%2525252541" needs five and is refused, in a value and
// in a glob operand. TestCanonDecodeBound computes its strings from the
// constant, so a changed constant changes them with it.
func TestDecodeRoundsPinned(t *testing.T) {
	if MaxDecodeRounds != 4 {
		t.Fatalf("MaxDecodeRounds = %d, the documentation says 4", MaxDecodeRounds)
	}
	for _, s := range []string{"%252541", "%25252541", "/srv/%25252541"} {
		if got, err := CanonicalizeString(s, ModeHierarchical, false); err != nil || !strings.HasSuffix(got, "A") {
			t.Errorf("CanonicalizeString(%q) = %q, %v; want it decoded to A", s, got, err)
		}
	}
	for _, s := range []string{"%2525252541", "/srv/%2525252541", "/srv/x?%2525252541"} {
		_, err := CanonicalizeString(s, ModeHierarchical, false)
		wantCanonError(t, s, err, "percent-decoding has not stabilized after 4 rounds")
	}
	if _, err := canonGlob("/srv/%25252541*", ModeHierarchical, false); err != nil {
		t.Errorf("glob with four rounds of encoding: %v", err)
	}
	_, err := canonGlob("/srv/%2525252541*", ModeHierarchical, false)
	wantCanonError(t, "glob with five rounds", err, "not stabilized after 4 rounds")
}

// TestExponentDigitsPinned pins maxExponentDigits (18) as a literal: an
// exponent of 18 significant digits is compared exactly, one of 19 makes
// the number satisfy no eq or in, at either sign, leading zeros not
// counted.
func TestExponentDigitsPinned(t *testing.T) {
	if maxExponentDigits != 18 {
		t.Fatalf("maxExponentDigits = %d, want 18", maxExponentDigits)
	}
	e18, e19 := strings.Repeat("1", 18), strings.Repeat("1", 19)
	for num, want := range map[string]string{
		"1e" + e18:          "1e" + e18,
		"1e-" + e18:         "1e-" + e18,
		"1e+000" + e18:      "1e" + e18,
		"2.5e" + e18:        "25e" + strings.Repeat("1", 17) + "0",
		"0e" + e19:          "0",
		"-10e-00" + e18[1:]: "-1e-" + strings.Repeat("1", 16) + "0",
	} {
		if k, err := decimalKey(num); err != nil || k != want {
			t.Errorf("decimalKey(%s) = %q, %v; want %q", num, k, err, want)
		}
	}
	for _, num := range []string{"1e" + e19, "1e-" + e19, "1e+00" + e19, "-3.1e" + e19} {
		_, err := decimalKey(num)
		wantCanonError(t, num, err, "exponent of 19 digits")
	}
	eq := Constraint{Op: OpEq, Value: Value{Kind: KindNumber, Number: "1e" + e19}}
	if Admits(eq, Value{Kind: KindNumber, Number: "1e" + e19}, ModePlain, false) {
		t.Error("an eq of a number with a 19-digit exponent admitted itself")
	}
}
