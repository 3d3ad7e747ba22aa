package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// FuzzCanonicalizeGeneratedValue (fuzz/jcs): three writings of the value
// gen.Generate makes canonicalize to gen.Canonical's bytes, and the Go
// oracles write them too.
var _ = register(Target{
	Name: "FuzzCanonicalizeGeneratedValue", Stub: "fuzz/jcs/oracles_test.go",
	Property: "GeneratedWritingsAgree",
	Checks:   "three writings of a generated value canonicalize to the model's bytes, and an oracle's",
	Input:    "generator bytes (gen.Generate)",
	Oracles:  append([]string{"gen.Canonical"}, goOracleNames...),
	Document: valueDocument,
	Seeds:    generatedValueSeeds(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder, Efficacy: true},
	},
}, Checked[property.Canonicalizer]{
	Real: property.JCSDefault,
	Check: func(c property.Canonicalizer, in property.Input) *property.Violation {
		return property.GeneratedWritingsAgree(c, installed.Go(), in.Bytes(0))
	},
	DocumentOf: plainValue,
	CheckDocument: func(c property.Canonicalizer, doc []byte) *property.Violation {
		return property.GeneratedDocumentWritingsAgree(c, installed.Go(), doc)
	},
})

// valueDocument is the document of the generated-value targets.
const valueDocument = "the JSON value gen.Generate makes, written plainly"
