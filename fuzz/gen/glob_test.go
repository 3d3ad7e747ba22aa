package gen

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestGlobExpansionsMatch: every generated pattern is valid for the RE2
// reference of targets/bound, and every expansion built to match it does.
func TestGlobExpansionsMatch(t *testing.T) {
	withMatches := 0
	for _, data := range randomInputs(6, 5000) {
		g := GenerateGlob(data[:min(len(data), 48)])
		re, err := bound.ReferenceGlob(g.Pattern)
		if err != nil {
			t.Fatalf("GenerateGlob(%x) = %q, refused: %v", data, g.Pattern, err)
		}
		for _, v := range g.Matches {
			if !re.MatchString(v) {
				t.Fatalf("GenerateGlob(%x): pattern %q, expansion %q does not match", data, g.Pattern, v)
			}
		}
		if len(g.Matches) > 0 {
			withMatches++
		}
	}
	if withMatches < 4000 {
		t.Errorf("only %d of 5000 patterns have an expansion", withMatches)
	}
}
