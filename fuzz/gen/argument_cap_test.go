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

// TestCapArgumentsStraddleTheCap: the argument at the cap decodes, the one
// past it is refused with a *bound.LimitError.
func TestCapArgumentsStraddleTheCap(t *testing.T) {
	if _, err := bound.DecodeAdmitted([]byte(capArguments()[argumentsAtCap])); err != nil {
		t.Fatalf("the argument at the cap: %v, want it decoded", err)
	}
	_, err := bound.DecodeAdmitted([]byte(capArguments()[argumentsPastCap]))
	var le *bound.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("the argument past the cap: %v, want a *bound.LimitError", err)
	}
}
