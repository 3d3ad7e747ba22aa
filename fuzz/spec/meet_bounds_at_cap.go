package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzMeetBoundsAtCap (fuzz/bound): bound.MeetBounds on two bounds whose
// meet has 4095, 4096 or 4097 distinct rules (gen.Seeded.WideBounds), at
// its rule cap bound.MaxRules, and on gen.MeetWorkBounds' pair, one byte
// of work past bound.MaxMeetWork.
var _ = register(Target{
	Name: "FuzzMeetBoundsAtCap", Stub: "fuzz/bound/meet_test.go",
	Checks:  "a meet within bound.MaxRules distinct rules is whole and exact; one past it, or one byte of work past bound.MaxMeetWork, fails with ErrTooLarge",
	Input:   "a PRNG seed pair (gen.Seeded.WideBounds)",
	Oracles: []string{"the rule count of the shapes drawn", "bound.BoundAdmits"},
	Seeds: []seeds.Seed{
		seeds.Of("at-cap", "64 × 64 rules: a meet of exactly bound.MaxRules", uint64(0), uint64(0)),
		seeds.Of("under-cap", "63 × 65 rules: one rule under the cap", uint64(0), uint64(1)),
		seeds.Of("past-cap", "17 × 241 rules: one rule past the cap", uint64(0), uint64(2)),
	},
	Planted: []Variant{
		{Fault: "the rule cap one too high", Impl: planted.MeetBoundsCapOneHigh, Efficacy: true},
	},
}, onArgs(bound.MeetBounds, property.MeetBoundsAtCap))
