package bound

import "testing"

// jsonLen is the length appendJSON writes, for every operator and kind of
// value, escapes and empty containers included.
func TestJSONLenIsWhatAppendJSONWrites(t *testing.T) {
	b, err := ParseBound([]byte(`[{"tool":"t"},{"tool":"t\u0001é","args":{}},{"tool":"t","args":{
		"a":{"eq":{"z":[1,2.50,{}],"a\"":null,"b":true,"c":false}},
		"b":{"in":[[],{},"x\\y",-0,1e5]},
		"c":{"in":[]},
		"d":{"prefix":"/srv/\u2028"},
		"e":{"glob":"**/*.go"},
		"f":{"and":[{"prefix":"/"},{"and":[{"eq":"/x"}]}]}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, Rule{Tool: "t", Args: map[string]Constraint{"g": {Op: "bad"}, "h": {Op: OpEq, Value: Value{Kind: KindNumber}}, "i": {Op: OpAnd}}})
	for _, r := range b {
		if got, want := r.jsonLen(), len(r.appendJSON(nil)); got != want {
			t.Errorf("%s: jsonLen %d, appendJSON writes %d", r.appendJSON(nil), got, want)
		}
	}
}

// Each MarshalJSON writes into one buffer of the size jsonLen counts: the
// guard writes the chain into every call it forwards, and a buffer grown
// by doubling cost a small call more than the chain check did.
func TestMarshalJSONAllocatesItsLengthOnce(t *testing.T) {
	p, err := Parse([]byte(`{"v":1,"chain":[{"component":"a\u0001","bound":[{"tool":"t","args":{
		"a":{"in":["x","y\\z",[1,{"b":null}],{"k":-0.5}]},"b":{"and":[{"prefix":"/srv/"},{"glob":"**/*.go"}]}}}]},
		{"component":"b","bound":[{"tool":"t"},{"tool":"u","args":{"c":{"eq":true}}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := p.Chain[0].Bound[0]
	for name, m := range map[string]interface {
		MarshalJSON() ([]byte, error)
	}{
		"provenance": *p, "empty chain": Provenance{V: -12}, "bound": p.Chain[1].Bound, "rule": r,
		"constraint": r.Args["a"], "value": r.Args["a"].Values[2],
	} {
		b, _ := m.MarshalJSON()
		if cap(b) != len(b) {
			t.Errorf("%s: %s written into a buffer of %d bytes", name, b, cap(b))
		}
		if n := testing.AllocsPerRun(10, func() { _, _ = m.MarshalJSON() }); n != 1 {
			t.Errorf("%s: MarshalJSON allocates %v times, want once", name, n)
		}
	}
}
