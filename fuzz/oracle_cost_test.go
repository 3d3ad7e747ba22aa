package fuzz_test

import (
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// costInputs are the texts BenchmarkOracleCost canonicalizes: random
// writings of 256 generated values, the inputs of a fuzz execution.
func costInputs() [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	texts := make([][]byte, 256)
	for i := range texts {
		texts[i] = gen.Write(gen.Generate(randomData(r)), uint64(i)+1)
	}
	return texts
}

// BenchmarkOracleCost is the time one canonicalization takes in jcs and in
// each oracle, on the same generated texts: what each oracle adds to a fuzz
// execution (go test ./fuzz -run '^$' -bench OracleCost).
func BenchmarkOracleCost(b *testing.B) {
	texts := costInputs()
	run := func(b *testing.B, canon func([]byte) ([]byte, error)) {
		for i := 0; b.Loop(); i++ {
			_, _ = canon(texts[i%len(texts)])
		}
	}
	b.Run("targets/jcs", func(b *testing.B) { run(b, jcsDefault) })
	all := append(append([]oracle.Canonicalizer{}, goOracles...), asCanonicalizers(nodeOracles(b))...)
	for _, o := range all {
		b.Run(o.Name(), func(b *testing.B) { run(b, o.Canonicalize) })
	}
}
