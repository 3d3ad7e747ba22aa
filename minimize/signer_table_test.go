package minimize

import "testing"

// The rows targets.go maps to a signer for the first time: FuzzParse
// replays through bound's failure signer, which passes what Parse refuses
// with a typed error and what marshals to a fixed point;
// FuzzCanonicalizeMatchesJSONText signs only different outputs, not
// jsontext's known admissions, which the jsontext row does sign.
func TestNewlyMappedFuzzTargets(t *testing.T) {
	for _, c := range []struct {
		target, in string
		want       Signature
	}{
		{"FuzzParse", `{"v":1,"chain":[{"component":"a","bound":[{"tool":"t","args":{"a":{"and":[{"glob":"a/**"},{"prefix":"a/"},{"in":[1,"a/b",{"x":[]}]}]}}}]},{"component":"b","bound":[{"tool":"t","args":{"a":{"glob":"*"}}}]}]}`, Pass},
		{"FuzzParse", `{"v":2}`, Pass},
		{"FuzzParse", `{"v":1,"chain":[{"component":"a","bound":[{"tool":1}]}]}`, Pass},
		{"FuzzCanonicalizeMatchesJSONText", `{"b":[1.0,-0,1e21],"a":"\u00e9"}`, Pass},
		{"FuzzCanonicalizeMatchesJSONText", `[1e400]`, Pass},
		{"jsontext", `[1e400]`, "jsontext:admits:NumberNotFinite"},
	} {
		if got := sign(t, c.target, false, c.in); got != c.want {
			t.Errorf("%s failure signature of %s = %q, want %q", c.target, c.in, got, c.want)
		}
	}
	if got := parseFailure([]byte(`{"v":1,"chain":[]}`)); got != Pass {
		t.Errorf("parseFailure of an empty chain = %q", got)
	}
	// outputDiffers lets through exactly the output-differs signatures.
	for sig, want := range map[Signature]Signature{
		"x:output-differs": "x:output-differs", "x:admits:DuplicateMember": Pass, "x:refuses": Pass, Pass: Pass,
	} {
		if got := outputDiffers(func([]byte) Signature { return sig })(nil); got != want {
			t.Errorf("outputDiffers(%q) = %q, want %q", sig, got, want)
		}
	}
}
