package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// BenchmarkDecideAtValueCapParts splits one execution of DecideAtValueCap
// on each of FuzzDecideAtValueCap's two seeds (provenance past the cap,
// 0x00; a constrained argument past it, 0x01) into its parts: the
// message generated, one guard.Decide (the property asks it twice, once
// a mode), one twin decision (asked once for such a message), the reading
// of the cap checks, and the whole property. docs/PERFORMANCE.md ("Fuzz
// target throughput", FuzzDecideAtValueCap) counts their instructions with
// callgrind.
func BenchmarkDecideAtValueCapParts(b *testing.B) {
	for _, seed := range []struct {
		name string
		data []byte
	}{{"provenance", []byte{0}}, {"argument", []byte{1}}} {
		raw := gen.GenerateCapMessage(seed.data).Text
		cfg := GuardConfig()
		parts := map[string]func(){
			"generate": func() { gen.GenerateCapMessage(seed.data) },
			"decide":   func() { guard.Decide(raw, cfg) },
			"twin":     func() { guard.DecideReference(raw, cfg) },
			"reading": func() {
				r := readCall(raw)
				if !r.provenancePastCap() {
					r.constrainedValues(cfg)
				}
			},
			"property": func() {
				if v := DecideAtValueCap(guard.Decide, seed.data); v != nil {
					b.Fatal(v)
				}
			},
		}
		for _, part := range []string{"generate", "decide", "twin", "reading", "property"} {
			b.Run(seed.name+"/"+part, func(b *testing.B) {
				for b.Loop() {
					parts[part]()
				}
			})
		}
	}
}
