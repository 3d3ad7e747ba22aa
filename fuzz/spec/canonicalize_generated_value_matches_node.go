package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
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
	Document: valueDocument,
	Seeds:    generatedValueSeeds(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder},
	},
}, Checked[property.Canonicalizer]{
	Real: property.JCSDefault,
	Check: func(c property.Canonicalizer, in property.Input) *property.Violation {
		return withNode("GeneratedWritingsAgree", func(refs []oracle.Canonicalizer) *property.Violation {
			return property.GeneratedWritingsAgree(c, refs, in.Bytes(0))
		})
	},
	DocumentOf: plainValue,
	CheckDocument: func(c property.Canonicalizer, doc []byte) *property.Violation {
		return withNode("GeneratedWritingsAgree", func(refs []oracle.Canonicalizer) *property.Violation {
			return property.GeneratedDocumentWritingsAgree(c, refs, doc)
		})
	},
})
