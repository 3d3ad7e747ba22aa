package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzCanonicalizeMatchesOracles (fuzz/jcs): jcs.Canonicalize against
// admission, itself and the Go oracles (gowebpki/jcs, cyberphone,
// jsontext), every departure explained, on a raw text and on the text
// gen.GenerateText makes of the same bytes.
var _ = register(Target{
	Name: "FuzzCanonicalizeMatchesOracles", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "refuses what Reference refuses; output admitted, a fixed point, the value, every oracle's bytes; departures explained",
	Input:   textInput,
	Oracles: append([]string{"admit.Reference", "encoding/json"}, goOracleNames...),
	GoFuzz:  true,
	Seeds:   oracleDocuments(),
	Planted: []Variant{
		{Fault: "members sorted by code point", Impl: planted.CodePointOrder},
		{Fault: "last duplicate wins", Impl: planted.LastWins},
		{Fault: "U+FFFD for invalid UTF-8 and lone surrogates", Impl: planted.Substitute, Efficacy: true},
	},
}, textTwice(property.JCSDefault, generatedText, func(c property.Canonicalizer, text []byte) *property.Violation {
	return property.CanonicalizeMatchesOracles(c, installed.Go(), text)
}))

// oracleDocuments are the documents the oracle targets start from.
func oracleDocuments() []seeds.Seed {
	return concat(seeds.OracleDocuments(), seeds.RFCSamples(), seeds.AdmitInputs())
}
