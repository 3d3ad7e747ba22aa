package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzMeetBoundsExact (fuzz/bound): the meet bound.MeetBounds writes of
// two bounds gen.Seeded draws admits a call iff both do.
var _ = register(Target{
	Name: "FuzzMeetBoundsExact", Stub: "fuzz/bound/meet_test.go",
	Checks:  "the meet of two drawn bounds admits a call iff both do",
	Input:   "a PRNG seed pair (gen.Seeded)",
	Oracles: []string{"bound.BoundAdmits"},
	Seeds: append(seedPairs(8, 13, 1, "a PRNG seed pair of the bound generator"),
		seeds.Of("wide-at-cap", "wide bounds (gen.WideOdds): 64 × 64 rules meet in exactly bound.MaxRules", uint64(gen.WideOdds-1), uint64(0)),
		seeds.Of("wide-past-cap", "wide bounds: 17 × 241 rules meet in one rule past bound.MaxRules", uint64(gen.WideOdds-1), uint64(2))),
	Planted: []Variant{
		{Fault: "arguments one rule constrains dropped", Impl: planted.MeetRulesDropOneSided, Efficacy: true},
	},
}, onArgs(bound.MeetBounds, property.MeetBoundsExact))
