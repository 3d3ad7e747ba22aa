package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
)

// FuzzCanonicalizeGeneratedValueMatchesNode (fuzz/jcs):
// FuzzCanonicalizeGeneratedValue against the Node oracles.
var _ = register(Target{
	Name: "FuzzCanonicalizeGeneratedValueMatchesNode", Stub: "fuzz/jcs/node_test.go",
	Property: "GeneratedWritingsAgree",
	Checks:   "the same against the Node oracles",
	Input:    "generator bytes (gen.Generate)",
	Oracles:  append([]string{"gen.Canonical"}, nodeOracleNames...),
	Node:     true,
	Seeds:    generatedValueSeeds(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder},
	},
}, generatedWritings(installed.NodeCanonicalizers))
