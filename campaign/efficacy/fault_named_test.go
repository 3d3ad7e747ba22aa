package efficacy

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// TestFaultNamed: a planted fault by its spec.Variant name is its target
// bound to the planted implementation (a seed of its planted build fails
// under the binding) with the target's seeds and its own; an unknown name
// is an error that names it.
func TestFaultNamed(t *testing.T) {
	const name = "FuzzScanMatchesReference/duplicates-admitted"
	f, err := FaultNamed(name)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != name || f.Fault == "" || f.Binding.Target() == nil || f.Binding.Target().Name != "FuzzScanMatchesReference" {
		t.Fatalf("FaultNamed(%q) = %+v", name, f)
	}
	failing := 0
	for _, s := range f.Seeds {
		if f.Binding.Check(property.Input(s.Values)) != nil {
			failing++
		}
	}
	if failing == 0 {
		t.Errorf("no seed of %d fails under %s's binding: it is not bound to the planted fault", len(f.Seeds), name)
	}
	if _, err := FaultNamed("FuzzScanMatchesReference/no-such-fault"); err == nil || !strings.Contains(err.Error(), "no-such-fault") {
		t.Errorf("an unknown fault: %v, want an error naming it", err)
	}
}
