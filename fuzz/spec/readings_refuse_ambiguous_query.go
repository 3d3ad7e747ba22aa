package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzReadingsRefuseAmbiguousQuery (fuzz/bound): under every reading of
// the bound language, {"eq": v} admits a hierarchical v with a '?' or '#'
// exactly when neither the reading's HardenQueryInPath layer (the rule of
// findings/spec/canon-query-in-path.md) nor its HardenPathRoot layer (a
// leading "//", findings/spec/canon-path-root.md) refuses it, on the probe
// gen.GenerateQueryPathReading makes.
var _ = register(Target{
	Name: "FuzzReadingsRefuseAmbiguousQuery", Stub: "fuzz/bound/parse_test.go",
	Property: "ReadingsRefuseAmbiguousQuery",
	Checks:   "a value with '?' or '#' after a dot segment or an empty one, or a '/' after it, admits nothing under HardenQueryInPath, one with a leading '//' nothing under HardenPathRoot, and its eq admits it otherwise",
	Input:    "generator bytes (gen.GenerateQueryPathReading: a reading, a folding, a value with a query or fragment)",
	Oracles:  []string{"the rules of findings/spec/canon-query-in-path.md and canon-path-root.md, written in the property"},
	Seeds: []seeds.Seed{
		{Name: "query after a dot segment, hardened", Comment: "HardenQueryInPath on /srv/acme/..?x: refused, never canonicalized to \"\"", Values: []any{[]byte{0, 0, 0, 0, 2, 0, 0, 0, 0}}},
		{Name: "fragment after a dot segment, hardened", Comment: "HardenQueryInPath on /srv/acme/..#x", Values: []any{[]byte{0, 0, 0, 0, 2, 0, 0, 0, 1}}},
		{Name: "query after a dot segment, literal", Comment: "no layer: /srv/acme/..?x is a name and its eq admits it", Values: []any{[]byte{0, 0, 0, 0, 0, 0, 0, 0, 0}}},
		{Name: "network path, path-root hardened", Comment: "HardenPathRoot on //..?x: refused for its leading '//' (findings/spec/canon-path-root.md), not for its query (found by make campaign, 2026-12-05)", Values: []any{[]byte{0, 0, 0, 0, 0x41, 0, 2, 0, 0}}},
		{Name: "query after a name, hardened", Comment: "HardenQueryInPath on acme/app?x, which both readings agree on", Values: []any{[]byte{0, 0, 0, 0, 2, 0, 1, 3, 0}}},
	},
	Planted: []Variant{
		{Fault: "query-in-path layer ignored", Impl: property.ReadingChecker(planted.ReadingIgnoresQueryInPath)},
	},
}, onArg(bound.Reading.CheckLayered, property.ReadingsRefuseAmbiguousQuery))
