package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestReferenceReadingKnowsEveryLayer: the reference's count of hardening
// layers, a literal, is targets/bound's. A layer added there and not to
// refReadingValid makes every reading holding it "invalid" to the
// reference, which the campaign of 2026-12-05 found in seconds
// (HardenPathRoot, findings/bound/readings-read-provenance-as-documented-*)
// and make test, replaying seeds only, did not.
func TestReferenceReadingKnowsEveryLayer(t *testing.T) {
	if bound.HardenAll&(bound.HardenAll+1) != 0 {
		t.Fatalf("HardenAll = %#x is not a run of low bits; the reference counts layers as one", bound.HardenAll)
	}
	if !refReadingValid(bound.Reading{Harden: bound.HardenAll}) {
		t.Errorf("the reference calls every layer (%v) invalid", bound.Reading{Harden: bound.HardenAll})
	}
	if refReadingValid(bound.Reading{Harden: bound.HardenAll + 1}) {
		t.Errorf("the reference calls the bit past every layer (%#x) valid", bound.HardenAll+1)
	}
	for bit := bound.Hardening(1); bit <= bound.HardenAll; bit <<= 1 {
		r := bound.Reading{Harden: bit}
		if !refReadingValid(r) || r.Validate() != nil {
			t.Errorf("layer %#x: reference valid %v, Validate %v", bit, refReadingValid(r), r.Validate())
		}
	}
}
