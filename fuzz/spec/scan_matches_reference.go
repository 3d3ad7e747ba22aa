package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// FuzzScanMatchesReference (fuzz/admit): admit.Scan against its slow twin
// admit.Reference, on a raw text and on the text gen.GenerateText makes of
// the same bytes.
var _ = register(Target{
	Name: "FuzzScanMatchesReference", Stub: "fuzz/admit/admit_test.go",
	Checks:  "Scan and the slow Reference give the same kind at the same offset for the same rule (admit.Reason), deterministic, input untouched",
	Input:   textInput + ", under 5 option sets",
	Oracles: []string{"admit.Reference"},
	GoFuzz:  true,
	Seeds:   concat(seeds.AdmitInputs(), seeds.RFCSamples(), generatedTexts(300)),
	Sources: []seeds.Source{admissionVectors},
	Planted: []Variant{
		{Fault: "duplicates admitted", Impl: planted.ScanAdmitsDuplicates, Efficacy: true},
		{Fault: "offsets one byte late", Impl: planted.ScanOffsetsLate, Efficacy: true},
		{Fault: "a raw DEL in a string refused", Impl: planted.ScanRefusesDelete, Efficacy: true},
	},
}, textTwice(admit.Scan, generatedText, property.ScanMatchesReference))

// admissionVectors are the admission vectors of targets/admit, read where
// they are.
var admissionVectors = seeds.Payloads("targets/admit/testdata/vectors", "the admission vectors", "", false, seeds.AsBytes)
