package spec

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// A seed of FuzzArgumentCanonicalization probes what its comment says:
// one that says "refused" has a path bound refuses, and every other seed
// has two paths it accepts. A seed whose climb stopped at its root
// ("acme/app/../..") read as refused here and reached none of the
// climbing check's lines, so no fuzzer was sent to that check.
func TestPathPairSeedsProbeWhatTheySay(t *testing.T) {
	target, ok := Lookup("FuzzArgumentCanonicalization")
	if !ok {
		t.Fatal("FuzzArgumentCanonicalization is not registered")
	}
	list, err := target.AllSeeds()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		fold := s.Values[3].(bool)
		_, errX := property.BoundPath(s.Values[1].(string), fold)
		_, errY := property.BoundPath(s.Values[2].(string), fold)
		refused := errX != nil || errY != nil
		if says := strings.Contains(s.Comment, "refused"); says != refused {
			t.Errorf("seed %q says refused=%v, but bound refuses %v / %v", s.Name, says, errX, errY)
		}
	}
}
