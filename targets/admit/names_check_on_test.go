//go:build !canonfuzz_nodupcheck

package admit

import (
	"errors"
	"testing"
)

// TestDefaultBuildChecksNames: every build but the benchmark-only
// canonfuzz_nodupcheck one refuses a repeated member name, escaped or not
// (RFC 8785 section 3.1), so the switch of names_check_off.go cannot
// reach the product or make test unnoticed.
func TestDefaultBuildChecksNames(t *testing.T) {
	if !checkNames {
		t.Fatal("checkNames is off in the default build")
	}
	for _, in := range []string{`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[{"b":{},"b":[]}]`} {
		if err := Scan([]byte(in), Options{}); !errors.Is(err, DuplicateMember) {
			t.Errorf("Scan(%s) = %v, want a DuplicateMember refusal", in, err)
		}
	}
}
