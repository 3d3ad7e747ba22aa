package property

import (
	"bytes"
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

// BenchmarkCapMessageCost is what a message at or past gen.ValueCap costs
// FuzzDecideMatchesReference, which meets one in a draw of the flaws
// "provenance past cap" and "arguments past cap" only one time in 64 or 16
// (gen's pastCapOdds and argumentsPastCapOdds): DecideMatchesReference
// ("dmr") and one guard.Decide on 64 plain generated messages in turn, on
// a message whose provenance or constrained argument is one value past the
// cap, and on that argument at the cap (one zero fewer), which the
// generator does not draw. The comments of fuzz/gen/argument_cap.go and
// fuzz/spec/decide_at_value_cap.go cite their instructions
// (docs/PERFORMANCE.md, "What a message at the value cap costs").
func BenchmarkCapMessageCost(b *testing.B) {
	var plain [][]byte
	for i := 0; len(plain) < 64; i++ {
		m := gen.GenerateMessage([]byte{byte(i), byte(i >> 8), byte(i * 7), 3, 9})
		if m.Flaw != "provenance past cap" && m.Flaw != "arguments past cap" {
			plain = append(plain, m.Text)
		}
	}
	provenance := gen.GenerateCapMessage([]byte{0}).Text
	argument := gen.GenerateCapMessage([]byte{1}).Text
	atCap := bytes.Replace(argument, []byte("[0,0,"), []byte("[0,"), 1)
	if len(atCap) != len(argument)-2 {
		b.Fatal("the argument past the cap is not an array of zeros")
	}
	cfg := GuardConfig()
	messages := map[string][][]byte{"plain": plain, "provenance-past": {provenance}, "argument-past": {argument}, "argument-at": {atCap}}
	for _, name := range []string{"plain", "provenance-past", "argument-past", "argument-at"} {
		list := messages[name]
		b.Run("dmr/"+name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				if v := DecideMatchesReference(guard.Decide, list[n%len(list)]); v != nil {
					b.Fatal(v)
				}
				n++
			}
		})
		b.Run("decide/"+name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				guard.Decide(list[n%len(list)], cfg)
				n++
			}
		})
	}
}
