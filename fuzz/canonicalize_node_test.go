package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oracletest"
)

// FuzzCanonicalizeMatchesNode is FuzzCanonicalizeMatchesOracles against the
// Node oracles (npm canonicalize, npm json-canonicalize, the ECMAScript
// ground truth): a target of its own because every execution is a round
// trip to three processes, which makes it far slower.
func FuzzCanonicalizeMatchesNode(f *testing.F) {
	addSeeds(f, canonicalizeSeeds)
	for _, v := range oracletest.Edge {
		f.Add([]byte(v.Input))
	}
	refs := asCanonicalizers(nodeOracles(f))
	f.Fuzz(func(t *testing.T, input []byte) {
		if err := canonicalizeMatchesOracles(jcsDefault, refs, input); err != nil {
			t.Fatal(err)
		}
	})
}
