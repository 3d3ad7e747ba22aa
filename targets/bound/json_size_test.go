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
