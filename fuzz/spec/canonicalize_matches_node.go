package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// FuzzCanonicalizeMatchesNode (fuzz/jcs): FuzzCanonicalizeMatchesOracles
// against the Node oracles.
var _ = register(Target{
	Name: "FuzzCanonicalizeMatchesNode", Stub: "fuzz/jcs/node_test.go",
	Property: "CanonicalizeMatchesOracles",
	Checks:   "the same against the Node oracles",
	Input:    textInput,
	Oracles:  append([]string{"admit.Reference", "encoding/json"}, nodeOracleNames...),
	Node:     true,
	Seeds:    oracleDocuments(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder},
	},
}, textTwice(property.JCSDefault, generatedText, func(c property.Canonicalizer, text []byte) *property.Violation {
	return withNode("CanonicalizeMatchesOracles", func(refs []oracle.Canonicalizer) *property.Violation {
		return property.CanonicalizeMatchesOracles(c, refs, text)
	})
}))
