package jcs

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestIJSONIsClosedUnderCanonicalization: under I-JSON a number is refused
// when its double has magnitude 2^53 or more, which is every number whose
// canonical form would be an integer the profile refuses. So a decimal that
// rounds to such a double is refused at the door, and the canonical form of
// anything admitted is admitted. (Admission once judged the exact decimal,
// which let 10000000000000000.1 in and its canonical form, 10000000000000000,
// not.)
func TestIJSONIsClosedUnderCanonicalization(t *testing.T) {
	ijson := admit.Options{Profile: admit.IJSON}
	for _, in := range []string{`10000000000000000.1`, `9007199254740993.5`, `9007199254740991.9`} {
		if _, err := Canonicalize([]byte(in), ijson); !errors.Is(err, admit.UnsafeInteger) {
			t.Errorf("Canonicalize(%s, ijson): %v, want UnsafeInteger", in, err)
		}
	}
	for _, c := range []struct{ in, out string }{
		{`9007199254740991.4`, `9007199254740991`},
		{`[9.0071992547409914e15,1e15,0.5]`, `[9007199254740991,1000000000000000,0.5]`},
	} {
		out, err := Canonicalize([]byte(c.in), ijson)
		if err != nil || string(out) != c.out {
			t.Fatalf("Canonicalize(%s, ijson) = %s, %v; want %s", c.in, out, err, c.out)
		}
		if err := admit.Scan(out, ijson); err != nil {
			t.Errorf("the canonical form %s is refused under ijson: %v", out, err)
		}
	}
}
