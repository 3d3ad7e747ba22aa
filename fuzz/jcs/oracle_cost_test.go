package jcsfuzz

import (
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// costInputs are the texts BenchmarkOracleCost canonicalizes: random
// writings of 256 generated values, the inputs of a fuzz execution.
func costInputs() [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	texts := make([][]byte, 256)
	for i := range texts {
		data := make([]byte, r.IntN(513))
		for k := range data {
			data[k] = byte(r.Uint32())
		}
		texts[i] = gen.Write(gen.Generate(data), uint64(i)+1)
	}
	return texts
}

// BenchmarkOracleCost is the time one canonicalization takes in jcs and in
// each oracle, on the same generated texts: what each oracle adds to a fuzz
// execution (go test ./fuzz/jcs -run '^$' -bench OracleCost).
func BenchmarkOracleCost(b *testing.B) {
	texts := costInputs()
	run := func(b *testing.B, canon func([]byte) ([]byte, error)) {
		for i := 0; b.Loop(); i++ {
			_, _ = canon(texts[i%len(texts)])
		}
	}
	b.Run("targets/jcs", func(b *testing.B) {
		run(b, func(in []byte) ([]byte, error) { return jcs.Canonicalize(in, admit.Options{}) })
	})
	all, err := installed.Open()
	b.Cleanup(func() { installed.CloseAll(all) })
	if err != nil {
		b.Fatal(err)
	}
	for _, o := range all {
		b.Run(o.Name(), func(b *testing.B) { run(b, o.Canonicalize) })
	}
}
