package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzStructureSpans (fuzz/minimize): the minimizer's reading of any bytes
// (minimize.Structure) keeps its spans inside the input and in order.
var _ = register(Target{
	Name: "FuzzStructureSpans", Stub: "fuzz/minimize/fuzz_test.go",
	Checks: "the minimizer's tokens and containers lie inside the input, in order",
	Input:  "raw bytes",
	Seeds:  seeds.MinimizerProbes(),
	Planted: []Variant{
		{Fault: "an unterminated string's span past the end", Impl: planted.StructureOverrunsUnterminated},
	},
}, onArg(minimize.Structure, property.StructureSpans))
