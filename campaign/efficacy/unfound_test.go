package efficacy

import (
	"slices"
	"testing"

	"github.com/canonfuzz/canonfuzz/campaign"
)

// A run with the seeds withheld measures the engine: a fault that only
// such runs missed (--config withheld, no committed run) fails nothing;
// one the committed seeds missed does.
func TestUnfoundCountsOnlyTheCommittedSeeds(t *testing.T) {
	withheldOnly := &Report{Runs: []Run{
		{Name: "F/a", Engine: EngineNative, Seeds: campaign.SeedsWithheld},
		{Name: "F/b", Engine: EngineNative, Seeds: campaign.SeedsWithheld, Found: true, SignatureKept: true},
	}}
	if got := withheldOnly.Unfound(); len(got) != 0 {
		t.Errorf("withheld runs alone: Unfound %v, want none", got)
	}
	both := &Report{Runs: []Run{
		{Name: "F/a", Engine: EngineNative, Seeds: campaign.SeedsCommitted},
		{Name: "F/a", Engine: EngineNative, Seeds: campaign.SeedsWithheld, Found: true, SignatureKept: true},
		{Name: "F/b", Engine: EngineNative, Seeds: campaign.SeedsWithheld, Found: true},
	}}
	if got := both.Unfound(); !slices.Equal(got, []string{"`F/a`", "`F/b`"}) {
		t.Errorf("Unfound %v, want F/a (the committed seeds missed it) and F/b (its find lost its signature)", got)
	}
}
