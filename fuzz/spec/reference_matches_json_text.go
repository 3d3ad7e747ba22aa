package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// FuzzReferenceMatchesJSONText (fuzz/admit): admit.Reference against
// go-json-experiment's jsontext.Value.IsValid, on a raw text and on the
// text gen.GenerateText makes of the same bytes.
var _ = register(Target{
	Name: "FuzzReferenceMatchesJSONText", Stub: "fuzz/admit/admit_test.go",
	Checks:  "what Reference admits jsontext accepts, and the other way round but for number range and depth",
	Input:   textInput,
	Oracles: []string{"jsontext.Value.IsValid"},
	Seeds:   concat(seeds.AdmitInputs(), generatedTexts(300)),
	Sources: []seeds.Source{admissionVectors},
	Planted: []Variant{
		{Fault: "noncharacters refused under RFC 8785", Impl: planted.ReferenceRefusesNoncharacters, Efficacy: true},
	},
}, textTwice(admit.Reference, generatedText, property.ReferenceMatchesJSONText))
