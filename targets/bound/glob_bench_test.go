package bound

import (
	"strings"
	"testing"
	"time"
)

// The pathological pattern of issue 4: a backtracking matcher explores
// exponentially many ways to split 10 KB of 'a' among the stars before it
// finds there is no 'b'.
const pathologicalGlob = "**a**a**a**a**a**b"

func BenchmarkGlobPathological10KB(b *testing.B) {
	g, err := CompileGlob(pathologicalGlob)
	if err != nil {
		b.Fatal(err)
	}
	in := strings.Repeat("a", 10<<10)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if g.Match(in) {
			b.Fatal("matched without a b")
		}
	}
}

// The same pattern grown past 63 tokens, so the position-set matcher runs.
var pathologicalLong = strings.Repeat("**a", 40) + "**b"

func BenchmarkGlobPathologicalLong10KB(b *testing.B) {
	g, err := CompileGlob(pathologicalLong)
	if err != nil || g.bits != nil {
		b.Fatal("want the position-set matcher", err)
	}
	in := strings.Repeat("a", 10<<10)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if g.Match(in) {
			b.Fatal("matched without a b")
		}
	}
}

func BenchmarkGlobReferencePathological10KB(b *testing.B) {
	re, err := ReferenceGlob(pathologicalGlob)
	if err != nil {
		b.Fatal(err)
	}
	in := strings.Repeat("a", 10<<10)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if re.MatchString(in) {
			b.Fatal("matched without a b")
		}
	}
}

// TestGlobLinearTime fails if doubling the input more than roughly doubles
// the time (generous, for a shared machine): a backtracking matcher is
// orders of magnitude off on this pattern.
func TestGlobLinearTime(t *testing.T) {
	for _, p := range []string{pathologicalGlob, pathologicalLong} {
		g, err := CompileGlob(p)
		if err != nil {
			t.Fatal(err)
		}
		checkLinear(t, g)
	}
}

func checkLinear(t *testing.T, g *Glob) {
	measure := func(n int) time.Duration {
		in := strings.Repeat("a", n)
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			g.Match(in)
			if d := time.Since(start); d < best {
				best = d
			}
		}
		return best
	}
	small, large := measure(20<<10), measure(160<<10)
	if large > 40*small+10*time.Millisecond {
		t.Errorf("%s: 8x the input took %v against %v: not linear", g, large, small)
	}
}
