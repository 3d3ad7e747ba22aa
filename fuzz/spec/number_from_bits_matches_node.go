package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzNumberFromBitsMatchesNode (fuzz/jcs): FuzzNumberFromBits against the
// Node oracles and Node's own String(x).
var _ = register(Target{
	Name: "FuzzNumberFromBitsMatchesNode", Stub: "fuzz/jcs/node_test.go",
	Property: "NumberMatchesOracles",
	Checks:   "the same against the Node oracles and Node's own String(x)",
	Input:    numberInput,
	Oracles:  append([]string{"gen.ECMAScriptNumber", "Node String(x)"}, nodeOracleNames...),
	Node:     true,
	Seeds:    numberSeeds(),
	Planted: []Variant{
		{Fault: "Go's 'g' format for numbers", Impl: planted.GoNumber},
	},
}, onDouble(jcs.AppendNumber, func(f property.NumberFormatter, bits uint64) *property.Violation {
	ecma, err := installed.ECMAScript()
	if err != nil {
		return property.Unavailable("NumberMatchesOracles", err)
	}
	return withNode("NumberMatchesOracles", func(refs []oracle.Canonicalizer) *property.Violation {
		return property.NumberMatchesOracles(f, refs, ecma, bits)
	})
}))
