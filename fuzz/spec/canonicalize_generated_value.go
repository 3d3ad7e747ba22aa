package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// FuzzCanonicalizeGeneratedValue (fuzz/jcs): three writings of the value
// gen.Generate makes canonicalize to gen.Canonical's bytes, and the Go
// oracles write them too.
var _ = register(Target{
	Name: "FuzzCanonicalizeGeneratedValue", Stub: "fuzz/jcs/jcs_test.go",
	Property: "GeneratedWritingsAgree",
	Checks:   "three writings of a generated value canonicalize to the model's bytes, and an oracle's",
	Input:    "generator bytes (gen.Generate)",
	Oracles:  append([]string{"gen.Canonical"}, goOracleNames...),
	Seeds:    generatedValueSeeds(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder, Efficacy: true},
	},
}, generatedWritings(func() ([]oracle.Canonicalizer, error) { return installed.Go(), nil }))

// generatedWritings is the Checked of the generated-value targets: the
// writings of the value gen.Generate makes, and of its plain writing as a
// document, agree with the model's bytes and with the oracles refs gives,
// or the oracles are reported unavailable.
func generatedWritings(refs func() ([]oracle.Canonicalizer, error)) Checked[property.Canonicalizer] {
	return Checked[property.Canonicalizer]{
		Real: property.JCSDefault,
		Check: func(c property.Canonicalizer, in property.Input) *property.Violation {
			return withOracles("GeneratedWritingsAgree", refs, func(oracles []oracle.Canonicalizer) *property.Violation {
				return property.GeneratedWritingsAgree(c, oracles, in.Bytes(0))
			})
		},
	}.withDocument(generatedValue, func(c property.Canonicalizer, doc []byte) *property.Violation {
		return withOracles("GeneratedWritingsAgree", refs, func(oracles []oracle.Canonicalizer) *property.Violation {
			return property.GeneratedDocumentWritingsAgree(c, oracles, doc)
		})
	})
}
