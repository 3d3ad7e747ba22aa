package gen

import (
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestFlawedProvenanceWritesInvalidGlobs: GenerateFlawedProvenance
// writes, on purpose, glob operands that section 3.2.4's grammar refuses
// (bound.CompileGlob), so that the parser's refusal of one
// (constraintFromValue) is reached in every fuzzing trial and not by the
// chance of a string flaw landing on a glob: of these 4000 inputs, 4
// before plantInvalidGlob and 119 with it.
func TestFlawedProvenanceWritesInvalidGlobs(t *testing.T) {
	invalid := 0
	for _, v := range flawedProvenanceValues(4000) {
		var all []*bound.Value
		collectBoundValues(&v, &all)
		for _, n := range all {
			if n.Kind != bound.KindObject || len(n.Members) != 1 || n.Members[0].Name != string(bound.OpGlob) || n.Members[0].Value.Kind != bound.KindString {
				continue
			}
			if _, err := bound.CompileGlob(n.Members[0].Value.Str); err != nil {
				invalid++
				break
			}
		}
	}
	t.Logf("%d of 4000 with an invalid glob operand", invalid)
	if invalid < 60 {
		t.Errorf("%d of 4000 generated provenance objects have a glob operand the grammar refuses; want 60 at least", invalid)
	}
}

// flawedProvenanceValues is what GenerateFlawedProvenance makes of n random
// inputs of up to 40 bytes (a fixed PRNG), read back as values: the ones
// that admission and the decoder admit.
func flawedProvenanceValues(n int) []bound.Value {
	r := rand.New(rand.NewPCG(11, 3246))
	var out []bound.Value
	for range n {
		data := make([]byte, r.IntN(40))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		prov, _ := GenerateFlawedProvenance(data)
		if v, err := bound.ParseValue(prov); err == nil {
			out = append(out, v)
		}
	}
	return out
}
