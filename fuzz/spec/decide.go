package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// FuzzDecide (fuzz/guard): each action of guard.Decide keeps its promises,
// on a message and on the one gen.GenerateMessage makes of the same bytes.
var _ = register(Target{
	Name: "FuzzDecide", Stub: "fuzz/guard/guard_test.go",
	Property: "DecisionsAreAdmitted",
	Checks:   "each action keeps its promises: admitted, one line, faithful relays, error answers",
	Input:    "raw bytes, one client message, and as generator bytes (gen.GenerateMessage)",
	Oracles:  []string{"admit.Scan", "framing readers (fuzz/oracle/linereader)"},
	Seeds:    guardMessages(),
	Sources:  []seeds.Source{guardVectors},
	Planted: []Variant{
		{Fault: "last duplicate wins, no admission (encoding/json)", Impl: planted.GuardLastWins, Efficacy: true},
	},
}, textTwice(guard.Decide, generatedMessage, property.DecisionsAreAdmitted))
