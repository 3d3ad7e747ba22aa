package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzMeetBoundsExact (fuzz/bound): the meet bound.MeetBounds writes of
// two bounds gen.Seeded draws admits a call iff both do.
var _ = register(Target{
	Name: "FuzzMeetBoundsExact", Stub: "fuzz/bound/meet_test.go",
	Checks:  "the meet of two drawn bounds admits a call iff both do",
	Input:   "a PRNG seed pair (gen.Seeded)",
	Oracles: []string{"bound.BoundAdmits"},
	Seeds:   seedPairs(8, 13, 1, "a PRNG seed pair of the bound generator"),
	Planted: []Variant{
		{Fault: "arguments one rule constrains dropped", Impl: planted.MeetRulesDropOneSided, Efficacy: true},
	},
}, onArgs(bound.MeetBounds, property.MeetBoundsExact))
