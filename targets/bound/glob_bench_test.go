package bound

import (
	"strings"
	"testing"
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
	benchNoMatch10KB(b, g.Match)
}

// benchNoMatch10KB times match on 10 KB of 'a', which no pathological
// pattern matches: it has no 'b'.
func benchNoMatch10KB(b *testing.B, match func(string) bool) {
	in := strings.Repeat("a", 10<<10)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if match(in) {
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
	benchNoMatch10KB(b, g.Match)
}

func BenchmarkGlobReferencePathological10KB(b *testing.B) {
	re, err := ReferenceGlob(pathologicalGlob)
	if err != nil {
		b.Fatal(err)
	}
	benchNoMatch10KB(b, re.MatchString)
}

// TestGlobLinearWork: on the pathological patterns, in both forms of the
// matcher, each character costs the automaton the same steps, never more
// than one step per character and live state, and no allocation that grows
// with the input: a backtracking matcher is orders of magnitude off on
// these patterns. Work is counted, not timed, so the test is the same on a
// loaded machine; the time is the benchmarks' (docs/PERFORMANCE.md).
func TestGlobLinearWork(t *testing.T) {
	for _, p := range []string{pathologicalGlob, pathologicalLong} {
		g, err := CompileGlob(p)
		if err != nil {
			t.Fatal(err)
		}
		steps := func(n int) int {
			in := strings.Repeat("a", n)
			ok, steps := g.match(in)
			if ok {
				t.Fatalf("%s matched %d a's without a b", p, n)
			}
			if max := n * (len(g.toks) + 1); steps > max || steps < n {
				t.Errorf("%s on %d bytes: %d steps, want between %d and %d", p, n, steps, n, max)
			}
			return steps
		}
		// past the first few characters, while the stars' states come
		// alive, each character costs the same: 80 KB more input costs 4x
		// the steps 20 KB more does
		d1, d2 := steps(40<<10)-steps(20<<10), steps(160<<10)-steps(80<<10)
		if d2 > 4*d1 {
			t.Errorf("%s: the last 80 KB took %d steps, the 20 KB after the first 20 KB %d: not linear", p, d2, d1)
		}
		in := strings.Repeat("a", 160<<10)
		allocs := testing.AllocsPerRun(3, func() { g.Match(in) })
		if g.bits == nil && allocs > 2 || g.bits != nil && allocs > 0 {
			t.Errorf("%s: %v allocations per match of 160 KB", p, allocs)
		}
	}
}

// A backtracking matcher would pass the step bound above only if it
// counted its steps the same way; this one counts every live state, so a
// pattern whose automaton keeps many states live takes that many steps a
// character, and the bound is reached, not merely respected.
func TestGlobWorkCountsLiveStates(t *testing.T) {
	g, err := CompileGlob(pathologicalLong)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Repeat("a", 1000)
	_, steps := g.match(in)
	if steps < 40*len(in) {
		t.Errorf("%d steps on %d a's: the 40 stars' states are live on every character, want at least %d", steps, len(in), 40*len(in))
	}
}
