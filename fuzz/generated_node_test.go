package fuzz_test

import "testing"

// FuzzCanonicalizeGeneratedValueMatchesNode is
// FuzzCanonicalizeGeneratedValue against the Node oracles, a target of its
// own for the cost of three process round trips per execution.
func FuzzCanonicalizeGeneratedValueMatchesNode(f *testing.F) {
	if len(generatedSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range generatedSeeds {
		f.Add([]byte(s.data))
	}
	refs := asCanonicalizers(nodeOracles(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := generatedWritingsAgree(jcsDefault, refs, data); err != nil {
			t.Fatal(err)
		}
	})
}
