package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// FuzzLibraryMatchesJCS (fuzz/jcs): a library of the differential study
// under test, jcs.Canonicalize its oracle, on a raw text and on the text
// gen.GenerateText makes of the same bytes. The real target holds
// jcs.Canonicalize to itself (any difference fails); each variant is a
// library as released with the one departure the study pinned, the real
// bugs the efficacy benchmark times from an empty corpus.
var _ = register(Target{
	Name: "FuzzLibraryMatchesJCS", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "the library under test departs from jcs.Canonicalize only as its variant's pinned bug says",
	Input:   textInput,
	Oracles: []string{"jcs.Canonicalize"},
	Seeds:   oracleDocuments(),
	Planted: []Variant{
		{Fault: "jsontext writes 1e400 as the largest double", Impl: planted.JSONTextLargestDouble},
		{Fault: "cyberphone writes U+FFFD for a lone surrogate", Impl: planted.CyberphoneReplacement},
		{Fault: "cyberphone passes invalid UTF-8 through", Impl: planted.CyberphoneInvalidUTF8},
		{Fault: "cyberphone accepts number tokens", Impl: planted.CyberphoneNumberToken},
		{Fault: "npm canonicalize keeps the last duplicate", Impl: planted.CanonicalizeLastWins},
	},
}, textTwice(property.Departure{Library: ourJCS, Departs: property.Any}, generatedText, property.LibraryMatchesJCS))

// ourJCS is jcs.Canonicalize as an oracle: the real target's library.
func ourJCS() (oracle.Canonicalizer, error) { return ourJCSLibrary, nil }

var ourJCSLibrary = oracle.NewLibrary("canonfuzz/jcs", "github.com/canonfuzz/canonfuzz", "(devel)", property.JCSDefault)
