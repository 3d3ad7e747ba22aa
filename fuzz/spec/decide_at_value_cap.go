package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// FuzzDecideAtValueCap (fuzz/guard): guard.Decide on tools/call messages
// one value past bound.MaxValues, in the provenance or in a constrained
// argument (gen.GenerateCapMessage), held to DecideMatchesReference's
// checks of such messages. FuzzDecideMatchesReference meets them one draw
// in 16 or 64 of their flaws only, since each costs DecideMatchesReference
// about 90 plain messages' instructions (BenchmarkCapMessageCost in
// fuzz/property; docs/PERFORMANCE.md, "What a message at the value cap
// costs").
var _ = register(Target{
	Name: "FuzzDecideAtValueCap", Stub: "fuzz/guard/guard_test.go",
	Checks:  "a call past the value cap in its provenance or a constrained argument is refused, with a *bound.LimitError cause (SEP-3246 sections 4.2, 4.3)",
	Input:   "generator bytes (gen.GenerateCapMessage)",
	Oracles: []string{"the cap as bound documents it (gen.ValueCap)", "guard.DecideReference for what it can decode"},
	Seeds: []seeds.Seed{
		seeds.Of("provenance-past-cap", "a read_file call whose provenance is one value past the cap", []byte{0}),
		seeds.Of("arguments-past-cap", "a call whose constrained argument is one value past the cap", []byte{1}),
	},
	Planted: []Variant{
		{Fault: "a limit refusal without its cause", Impl: planted.GuardDropsLimitCause},
	},
}, onArg(guard.Decide, property.DecideAtValueCap))
