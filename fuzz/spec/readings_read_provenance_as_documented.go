package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzReadingsReadProvenanceAsDocumented (fuzz/bound): every reading of
// the bound language (bound.Reading) refuses a provenance object as
// malformed exactly when the reference reader under the reading's rules
// does, and a reading no choice names admits nothing, on the reading and
// the flawed provenance gen.GenerateReadingProbe makes.
var _ = register(Target{
	Name: "FuzzReadingsReadProvenanceAsDocumented", Stub: "fuzz/bound/parse_test.go",
	Checks:  "malformed under a reading exactly when the reference reader under its rules finds a fault; an invalid reading admits nothing",
	Input:   "generator bytes (gen.GenerateReadingProbe: a reading, then a flawed provenance object)",
	Oracles: []string{"the reference provenance reader", "admit.Reference"},
	Seeds: []seeds.Seed{
		{Name: "literal, well formed", Comment: "the Literal reading on a generated chain", Values: []any{[]byte{2, 0, 0, 1, 0, 0, 1, 1, 1, 1}}},
		{Name: "unknown member hardened", Comment: "HardenUnknownMembers on a chain that gains a member (found by the planted test, minimized)", Values: []any{[]byte(" \x12\"  \"' '  \"   \x17")}},
		{Name: "empty and malformed", Comment: "EmptyAndMalformed on a chain whose and is emptied", Values: []any{[]byte{0, 1, 1, 0, 63, 4, 5, 0, 2, 1, 1}}},
		{Name: "invalid undeclared mode", Comment: "a mode no constant names admits nothing", Values: []any{[]byte{3}}},
		{Name: "path-root hardened", Comment: "HardenPathRoot, bit 6, a valid layer the reference once called invalid (found by make campaign, 2026-12-05)", Values: []any{[]byte{0, 0, 0, 0, 64, 0, 2, 1, 1}}},
		{Name: "hardening bit past the layers", Comment: "bit 7, no layer (bit 6 is path-root)", Values: []any{[]byte{0, 0, 0, 0, 128}}},
	},
	Planted: []Variant{
		{Fault: "unknown members ignored under the layer that refuses them", Impl: property.ReadingChecker(planted.ReadingIgnoresUnknownMembers)},
	},
}, onArg(bound.Reading.CheckLayered, property.ReadingsReadProvenanceAsDocumented))
