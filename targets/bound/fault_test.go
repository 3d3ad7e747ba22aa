package bound

import "testing"

// TestFaultNames: every fault has a name of its own, which the violation
// classes of the provenance property carry (parse:fault:WantInteger); a
// value past the last is not given one.
func TestFaultNames(t *testing.T) {
	seen := map[string]Fault{}
	for f := FaultNone; f <= FaultOverLimit; f++ {
		name := f.String()
		if name == "" || name == "Fault(?)" {
			t.Errorf("fault %d has no name", f)
		}
		if g, dup := seen[name]; dup {
			t.Errorf("faults %d and %d are both %q", g, f, name)
		}
		seen[name] = f
	}
	if got := (FaultOverLimit + 1).String(); got != "Fault(?)" {
		t.Errorf("the fault past the last is %q, want Fault(?)", got)
	}
}
