package property

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// pastCapMessage is a generated message whose provenance is past
// bound.MaxValues (the flaw "provenance past cap").
func pastCapMessage(t *testing.T) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 3246))
	for range 10000 {
		data := make([]byte, 1+r.IntN(32))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		if m := gen.GenerateMessage(data); m.Flaw == "provenance past cap" && provenancePastCap(m.Text) {
			return m.Text
		}
	}
	t.Fatal("no message with the flaw \"provenance past cap\" in 10000 inputs")
	return nil
}

// TestDecideMatchesReferenceHoldsTheProvenanceLimit: guard.Decide passes
// DecideMatchesReference on a message whose provenance is past the cap
// (the twin cannot decode it), and a decider that refuses it for another
// cause than a *bound.LimitError fails it with reference:limit, as does
// one that sends it on.
func TestDecideMatchesReferenceHoldsTheProvenanceLimit(t *testing.T) {
	raw := pastCapMessage(t)
	if v := DecideMatchesReference(guard.Decide, raw); v != nil {
		t.Fatalf("guard.Decide: %v", v)
	}
	otherCause := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Refusal != nil {
			r := *d.Refusal
			r.Cause = fmt.Errorf("not an object: %w", errors.ErrUnsupported)
			d.Refusal = &r
		}
		return d
	}
	sentOn := func(raw []byte, cfg guard.Config) guard.Decision {
		return guard.Decision{Action: guard.Forward, Message: raw}
	}
	for name, decide := range map[string]Decider{"another cause": otherCause, "sent on": sentOn} {
		v := DecideMatchesReference(decide, raw)
		if v == nil || v.Class != "reference:limit" {
			t.Errorf("%s: %v, want a reference:limit violation", name, v)
		}
	}
}
