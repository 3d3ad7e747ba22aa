package gen

import (
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestGenerateMessagePlantsEveryFlaw: over random inputs, every flaw of
// messageFlaws is drawn, and each one that breaks the single reading of a
// message (all but "escaped names", "jsonrpc version", "params not an
// object", the two past the value cap, "call of another shape", "empty
// chain" and none) yields, at least once, a
// text admission refuses; the plain and escaped messages, those of another
// JSON-RPC version, those whose params are not an object, the calls of
// another shape and those whose
// provenance or constrained argument is past ValueCap are admitted at
// least once. A flaw that is drawn but never planted fails
// here.
func TestGenerateMessagePlantsEveryFlaw(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 3246))
	refused, admitted := map[string]bool{}, map[string]bool{}
	for range 4000 {
		data := make([]byte, r.IntN(96))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		m := GenerateMessage(data)
		if admit.Scan(m.Text, admit.Options{}) != nil {
			refused[m.Flaw] = true
		} else {
			admitted[m.Flaw] = true
		}
	}
	for _, f := range messageFlaws {
		switch f {
		case "", "escaped names", "jsonrpc version", "params not an object", "provenance past cap", argumentsPastCap, "call of another shape", "empty chain":
			if !admitted[f] {
				t.Errorf("flaw %q: no message admitted", f)
			}
		default:
			if !refused[f] {
				t.Errorf("flaw %q: never planted in a way admission refuses", f)
			}
		}
	}
}
