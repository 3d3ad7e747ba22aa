package gen

import (
	"math/rand/v2"
	"testing"
)

// TestGeneratePathPairDrawsEveryKind: over random inputs every near miss
// of pathMisses is drawn, and respellings that differ from their pair as
// text are made, so the collapse clause of FuzzArgumentCanonicalization
// is exercised both ways.
func TestGeneratePathPairDrawsEveryKind(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 3246))
	misses, respelled := map[string]bool{}, 0
	for range 4000 {
		data := make([]byte, r.IntN(32))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p := GeneratePathPair(data)
		misses[p.Miss] = true
		if p.Miss == "" && p.X != p.Y {
			respelled++
		}
	}
	for _, m := range pathMisses {
		if !misses[m.name] {
			t.Errorf("near miss %q never drawn", m.name)
		}
	}
	if respelled < 1000 {
		t.Errorf("only %d of 4000 pairs are two spellings of one path", respelled)
	}
}
