package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzParse (fuzz/bound): bound.Parse of a provenance object accepts and
// refuses as the reference reader of SEP-3246 sections 2.2 and 3.2 does, at
// the same pointer, for the same rule (bound.Fault) and the same cause, marshals to a fixed point, and
// its effective bound is the meet of its hops, and a check prepared for
// it (bound.Prepare) decides every probe call as bound.Check, on the object and on the one
// gen.GenerateFlawedProvenance makes of the same bytes.
var _ = register(Target{
	Name: "FuzzParse", Stub: "fuzz/bound/parse_test.go",
	Property: "ProvenanceParsesAndMeets",
	Checks:   "refusals as the reference reader's (pointer, rule broken, cause); marshalling a fixed point; the effbound is the meet of the hops on probe calls; a prepared check decides as Check",
	Input:    "a raw provenance object, and as generator bytes (gen.GenerateFlawedProvenance)",
	Oracles:  []string{"the reference provenance reader", "admit.Reference", "bound.BoundAdmits of every hop", "bound.Check (against bound.Prepare)"},
	Seeds:    seeds.Provenances(),
	Sources:  []seeds.Source{seeds.Payloads("targets/bound/testdata/vectors", "the parse vectors", "kind: parse", false, seeds.AsBytes)},
	Planted: []Variant{
		{Fault: "a prefix met with a glob keeps the prefix", Impl: property.ProvenanceReader{Parse: bound.Parse, EffBound: planted.EffBoundPrefixWins}, Efficacy: true},
	},
}, textTwice(property.ProvenanceReader{Parse: bound.Parse, EffBound: bound.EffBound}, generatedProvenance, property.ProvenanceParsesAndMeets))
