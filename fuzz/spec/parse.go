package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzParse (fuzz/bound): bound.Parse of a provenance object refuses with a
// type, marshals to a fixed point, and its effective bound is the meet of
// its hops, on the object and on the one gen.GenerateChainProbe makes of
// the same bytes.
var _ = register(Target{
	Name: "FuzzParse", Stub: "fuzz/bound/parse_test.go",
	Property: "ProvenanceParsesAndMeets",
	Checks:   "typed refusals; marshalling a fixed point; the effbound is the meet of the hops on probe calls",
	Input:    "a raw provenance object, and as generator bytes (gen.GenerateChainProbe)",
	Oracles:  []string{"bound.BoundAdmits of every hop"},
	Text:     oneText,
	Document: "the provenance object gen.GenerateChainProbe makes",
	Seeds:    seeds.Provenances(),
	Sources:  []seeds.Source{seeds.Payloads("targets/bound/testdata/vectors", "the parse vectors", "kind: parse", false, seeds.AsBytes)},
	Planted: []Variant{
		{Fault: "a prefix met with a glob keeps the prefix", Impl: property.ProvenanceReader{Parse: bound.Parse, EffBound: planted.EffBoundPrefixWins}, Efficacy: true},
	},
}, textTwice(property.ProvenanceReader{Parse: bound.Parse, EffBound: bound.EffBound}, generatedProvenance, property.ProvenanceParsesAndMeets))
