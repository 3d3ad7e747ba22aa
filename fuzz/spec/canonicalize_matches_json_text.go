package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// FuzzCanonicalizeMatchesJSONText (fuzz/jcs): jcs.Canonicalize against the
// jsontext oracle adapter (go-json-experiment's Value.Canonicalize) wherever
// both write, on a raw text and on the text gen.GenerateText makes of the
// same bytes.
var _ = register(Target{
	Name: "FuzzCanonicalizeMatchesJSONText", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "equal to jsontext's canonical form wherever both write",
	Input:   textInput,
	Oracles: []string{"jsontext (fuzz/oracle/jsontext)"},
	Seeds:   writerDocuments(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder, Efficacy: true},
	},
}, textTwice(property.JCSDefault, generatedText, func(c property.Canonicalizer, text []byte) *property.Violation {
	return property.CanonicalizeMatchesJSONText(c, jsonText, text)
}))

// jsonText is the jsontext oracle.
var jsonText oracle.Canonicalizer = jsontext.New()
