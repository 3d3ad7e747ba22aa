package gen

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestValueCapIsTheTargetsCap: the documented literal and targets/bound's
// constant agree, so a document built from the literal is at or past the
// target's cap as it says.
func TestValueCapIsTheTargetsCap(t *testing.T) {
	if ValueCap != bound.MaxValues {
		t.Fatalf("gen.ValueCap %d, bound.MaxValues %d: the documented cap and the target's differ", ValueCap, bound.MaxValues)
	}
}

// TestPastCapArgumentIsOneValuePastTheCap: the argument past the cap is
// refused with a *bound.LimitError, and one value less decodes.
func TestPastCapArgumentIsOneValuePastTheCap(t *testing.T) {
	if _, err := bound.DecodeAdmitted([]byte(zerosArray(ValueCap - 1))); err != nil {
		t.Fatalf("an array of ValueCap values: %v, want it decoded", err)
	}
	_, err := bound.DecodeAdmitted([]byte(pastCapArgument()))
	var le *bound.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("the argument past the cap: %v, want a *bound.LimitError", err)
	}
}
