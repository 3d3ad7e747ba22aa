//go:build canonfuzz_nodupcheck

package admit

import "testing"

// TestNoDupCheckBuildAdmitsRepeats: in the benchmark-only build the check
// is really off, so a benchmark of this build measures admission without
// it and not the default scan under another name (issue 20).
func TestNoDupCheckBuildAdmitsRepeats(t *testing.T) {
	if checkNames {
		t.Fatal("checkNames is on in the canonfuzz_nodupcheck build")
	}
	for _, in := range []string{`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[{"b":{},"b":[]}]`} {
		if err := Scan([]byte(in), Options{}); err != nil {
			t.Errorf("Scan(%s) = %v, want it admitted in the canonfuzz_nodupcheck build", in, err)
		}
	}
}
