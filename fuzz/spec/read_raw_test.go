package spec

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// TestRawOnlyTurnsTheGeneratedReadingOff: the switch the efficacy
// benchmark's no-generated configuration sets (CANONFUZZ_READING=raw in
// the planted build) leaves the raw check and skips the generated one.
func TestRawOnlyTurnsTheGeneratedReadingOff(t *testing.T) {
	check := func(s string) *property.Violation {
		if s == "generated" {
			return &property.Violation{Class: "c"}
		}
		return nil
	}
	gen := func(string) []string { return []string{"generated"} }
	show := func(s string) string { return s }
	if v := rawThenGenerated("raw", check, gen, show); v == nil || v.Class != generatedPrefix+"c" {
		t.Fatalf("both readings: %v, want the generated failure", v)
	}
	defer func() { rawOnly = false }()
	ReadRawOnly()
	if v := rawThenGenerated("raw", check, gen, show); v != nil {
		t.Errorf("raw only: %v, want no failure", v)
	}
	if v := rawThenGenerated("generated", check, gen, show); v == nil || v.Class != "c" {
		t.Errorf("raw only, a failing raw input: %v, want its failure", v)
	}
}
