package gen

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestPastCapChainIsOneValuePastTheCap checks that pastCapChain is exactly
// one value past ValueCap: the same padding by one value less
// decodes, and pastCapChain is refused with a *LimitError.
func TestPastCapChainIsOneValuePastTheCap(t *testing.T) {
	if _, err := bound.DecodeAdmitted([]byte(padGuardChain(ValueCap - guardChainValues))); err != nil {
		t.Fatalf("GuardChain padded to ValueCap values: %v, want it decoded", err)
	}
	_, err := bound.DecodeAdmitted([]byte(pastCapChain()))
	var le *bound.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("pastCapChain: %v, want a *bound.LimitError", err)
	}
}
