package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzMinimizeKeepsTheSignature (fuzz/minimize): minimize.Minimize of any
// small input keeps its signature exactly, under three verdicts.
var _ = register(Target{
	Name: "FuzzMinimizeKeepsTheSignature", Stub: "fuzz/minimize/fuzz_test.go",
	Checks:  "minimizing keeps the exact signature, never grows, ends on a fixed point",
	Input:   "raw bytes, at most 128",
	Oracles: []string{"verdict.Admit", "verdict.JCS", "verdict.Bound"},
	Seeds:   seeds.MinimizerProbes(),
	Planted: []Variant{
		{Fault: "any failure kept, as Go's and libFuzzer's minimizers do", Impl: planted.MinimizeKeepsAnyFailure},
	},
}, onArg(minimize.Minimize, property.MinimizeKeepsTheSignature))
