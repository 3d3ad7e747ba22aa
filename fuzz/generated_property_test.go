package fuzz_test

import (
	"bytes"
	"hash/fnv"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// writingSeeds derives, from the fuzz input, the seeds of the two random
// writings of its value (gen.Write seed 0 is the plain one).
func writingSeeds(data []byte) (uint64, uint64) {
	h := fnv.New64a()
	h.Write(data)
	s := h.Sum64()
	return s | 1, (s*0x9e3779b97f4a7c15)>>1 | 1
}

// generatedWritingsAgree is the property of FuzzCanonicalizeGeneratedValue:
// the value gen.Generate makes of data, written plainly and in two random
// representations, canonicalizes with impl to gen.Canonical's form of it
// each time, and every oracle writes that same form for a random writing
// (cyberphone may refuse a top-level scalar, its pinned behaviour).
func generatedWritingsAgree(impl canonicalizer, refs []oracle.Canonicalizer, data []byte) error {
	v := gen.Generate(data)
	want := gen.Canonical(v)
	a, b := writingSeeds(data)
	for _, seed := range []uint64{0, a, b} {
		text := gen.Write(v, seed)
		got, err := impl(text)
		if err != nil || !bytes.Equal(got, want) {
			return violated(text, nil, "writing %d of gen.Generate(%q): canonical form %q, %v; the model's is %q", seed, data, got, err, want)
		}
	}
	text := gen.Write(v, a)
	for _, ref := range refs {
		o := oracle.Run(ref, text)
		switch o.Class() {
		case oracle.Output:
			if !bytes.Equal(o.Output, want) {
				return violated(text, []oracle.Outcome{o}, "gen.Generate(%q): an oracle's canonical form is not the model's %q", data, want)
			}
		case oracle.Refusal:
			if !oracleRefusalExplained(ref, text) {
				return violated(text, []oracle.Outcome{o}, "gen.Generate(%q): an oracle refuses a writing", data)
			}
		default:
			return violated(text, []oracle.Outcome{o}, "gen.Generate(%q): an oracle breaks down", data)
		}
	}
	return nil
}
