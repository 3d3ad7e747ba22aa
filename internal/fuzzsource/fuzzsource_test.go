package fuzzsource

import (
	"strings"
	"testing"
)

// The search finds both kinds of fuzz target, under build tags too, with
// their arguments, and nothing that is not one.
func TestFindFindsBothKinds(t *testing.T) {
	found, err := Find()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]Declared{}
	for _, d := range found {
		byName[d.Name] = append(byName[d.Name], d)
		if !strings.HasPrefix(d.Name, "Fuzz") || d.Kind != Native && d.Kind != GoFuzz {
			t.Errorf("%+v is not a fuzz target", d)
		}
	}
	for _, c := range []struct {
		name, kind, where, params, tags string
		registry                        bool
	}{
		{"FuzzParse", Native, "fuzz/bound/parse_test.go", "", "", true},
		{"FuzzNumberTokenOfDoubleMatchesReference", Native, "fuzz/jcs/jcs_test.go", "", "", true},
		{"FuzzDigestRequestInvariant", GoFuzz, "fuzz/gofuzz/fuzz.go", "", "gofuzz", false},
		{"FuzzPlantedEncodingJSON", GoFuzz, "fuzz/minimize/libfuzzercompare/fuzz.go", "", "gofuzz", false},
		{"FuzzPlantedLastWins", Native, "fuzz/minimize/compare_fuzz_test.go", "[]byte", "minimizecompare", false},
	} {
		ok := false
		for _, d := range byName[c.name] {
			if d.Kind == c.kind && d.Dir+"/"+d.File == c.where && strings.Join(d.Params, ",") == c.params && d.Tags == c.tags && d.Registry == c.registry {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s: found %+v, want a %s target in %s taking (%s), tags %q, registry %v", c.name, byName[c.name], c.kind, c.where, c.params, c.tags, c.registry)
		}
	}
}
