package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// FuzzDecideMatchesReference (fuzz/guard): guard.Decide against its
// tree-based twin guard.DecideReference, on a message and on the one
// gen.GenerateMessage makes of the same bytes.
var _ = register(Target{
	Name: "FuzzDecideMatchesReference", Stub: "fuzz/guard/guard_test.go",
	Checks:  "the cheap decision agrees with the tree-based twin: action, refusal, id, method, what is sent",
	Input:   "raw bytes, one client message, and as generator bytes (gen.GenerateMessage)",
	Oracles: []string{"guard.DecideReference (a tree of the whole message)", "JSON readers (as GuardForwardsOnlyWhatEveryParserReadsInside)"},
	Seeds:   guardMessages(),
	Sources: []seeds.Source{guardVectors},
	Planted: []Variant{
		{Fault: "the method compared as written, not decoded", Impl: planted.GuardComparesRawMethod},
	},
}, textTwice(guard.Decide, generatedMessage, property.DecideMatchesReference))
