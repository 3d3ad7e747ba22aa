package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/native"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzMeetExact: the meet of two drawn constraints is their intersection.
func FuzzMeetExact(f *testing.F) { native.Fuzz(f) }

// FuzzMeetBoundsExact: the meet of two drawn bounds admits a call iff both
// do.
func FuzzMeetBoundsExact(f *testing.F) { native.Fuzz(f) }

// FuzzMeetBoundsAtCap: bound.MeetBounds at its rule cap, on bounds whose
// meet has one rule fewer, exactly as many, or one more.
func FuzzMeetBoundsAtCap(f *testing.F) { native.Fuzz(f) }

// FuzzMeetExactOnSpellings: the meet on operands that respell one path.
func FuzzMeetExactOnSpellings(f *testing.F) { native.Fuzz(f) }

// TestMeetLaws: over 800 constraint pairs drawn from one seed, the meet is
// the intersection of its operands, commutative and idempotent (as sets of
// admitted probes), each pair under one reading, with and without folding
// in turn.
func TestMeetLaws(t *testing.T) {
	g := gen.NewSeeded(1, 2)
	for i := range 800 {
		a, b := g.Constraint(), g.Constraint()
		m, fold, ps := gen.Modes[i%len(gen.Modes)], i%2 == 0, gen.Probes(a, b)
		if v := property.MeetExactUnder(bound.MeetConstraints, a, b, m, fold, ps); v != nil {
			t.Fatal(v)
		}
		if v := property.MeetLawsUnder(bound.MeetConstraints, a, b, m, fold, ps); v != nil {
			t.Fatal(v)
		}
	}
}

// TestMeetBoundsExact: the bounds property on 300 seed pairs beyond the
// target's own seeds.
func TestMeetBoundsExact(t *testing.T) {
	target, _ := spec.Lookup("FuzzMeetBoundsExact")
	b := target.Real()
	for i := range 300 {
		if v := b.Check(property.Input{uint64(3), uint64(i)}); v != nil {
			t.Fatal(v)
		}
	}
}
