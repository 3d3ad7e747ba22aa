package gen

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestFlawedProvenanceWritesVersionsOfAnotherKind: GenerateFlawedProvenance
// writes a version that is no number (SEP-3246 section 2.2: v is the
// integer 1) often enough for a 10 s trial, so that the parser's refusal
// "v must be an integer" (bound.FaultWantInteger at /v) is reached on
// purpose and not only when a kind flaw lands on the version: of these
// 4000 inputs, 10 before the version flaw wrote other kinds, 65 with it.
func TestFlawedProvenanceWritesVersionsOfAnotherKind(t *testing.T) {
	other := 0
	for _, v := range flawedProvenanceValues(4000) {
		if ver, ok := v.Get("v"); ok && v.Kind == bound.KindObject && ver.Kind != bound.KindNumber {
			other++
		}
	}
	t.Logf("%d of 4000 with a version of another kind", other)
	if other < 40 {
		t.Errorf("%d of 4000 generated provenance objects have a version that is no number; want 40 at least", other)
	}
}
