package bound

import "testing"

// appendCanonicalKey is valueKey of canonValue, and refuses what it
// refuses, on arrays and objects: names sorted or not, canonical or not
// (NFD, capitals under folding), colliding once canonicalized, nested
// numbers and strings, and values that cannot be canonicalized.
func TestCanonicalKeyIsValueKeyOfCanonValue(t *testing.T) {
	raws := []string{`[]`, `{}`, `[1,"a",[2.50,{"b":true,"a":null}]]`, `{"a":1,"b":{"d":[],"c":"x"}}`,
		`{"b":1,"a":2}`, `{"e\u0301":1}`, `{"é":1,"e\u0301":2}`, `{"A":1,"b":2}`, `{"A":1,"a":2}`,
		`[1e` + "1234567890123456789" + `]`, `{"a":[0.0,-0,1E+2]}`, `[["/a/../b"]]`}
	for _, fold := range []bool{false, true} {
		for _, raw := range raws {
			v := mustValue(t, raw)
			for _, m := range []Mode{ModePlain, ModeHierarchical} {
				cv, werr := canonValue(v, m, fold)
				got, err := appendCanonicalKey(nil, v, m, fold)
				if (err != nil) != (werr != nil) || err == nil && string(got) != valueKey(cv) {
					t.Errorf("%s (%v, fold %v): %s, %v; want %s, %v", raw, m, fold, got, err, valueKey(cv), werr)
				}
			}
		}
	}
}
