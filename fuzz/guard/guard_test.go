package guardfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// FuzzGuardForwardsOnlyWhatEveryParserReadsInside: what the guard sends is
// one line to every framing reader and one tree to every JSON reader, and
// what it forwards is inside the bound.
func FuzzGuardForwardsOnlyWhatEveryParserReadsInside(f *testing.F) { native.Fuzz(f) }

// FuzzDecide: every decision keeps the promises of its action.
func FuzzDecide(f *testing.F) { native.Fuzz(f) }

// FuzzDecideMatchesReference: the cheap decision agrees with the
// tree-based twin, guard.DecideReference.
func FuzzDecideMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzDecideAtValueCap: a call past the value cap is refused for it.
func FuzzDecideAtValueCap(f *testing.F) { native.Fuzz(f) }

// TestGuardSeedsAreDecidedAsTheySay: the seeds the catalogue calls
// forwarded, answered and relayed are, so the target's seeds cover every
// action.
func TestGuardSeedsAreDecidedAsTheySay(t *testing.T) {
	want := map[int]guard.Action{0: guard.Forward, 1: guard.Forward, 2: guard.Answer, 3: guard.Answer,
		6: guard.Answer, 11: guard.Answer, 12: guard.Relay, 13: guard.Relay,
		15: guard.Relay, 16: guard.Relay, 17: guard.Relay, 18: guard.Forward, 19: guard.Relay, 20: guard.Answer}
	list, err := spec.SeedsOf("FuzzGuardForwardsOnlyWhatEveryParserReadsInside")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range list {
		if a, ok := want[i]; ok {
			if d := guard.Decide(s.Values[0].([]byte), property.GuardConfig()); d.Action != a {
				t.Errorf("seed %d (%s): %v, want %v (%s)", i, s.Comment, d.Action, a, d.Message)
			}
		}
	}
}

// FuzzProxySettingsAsDocumented: the guard refuses exactly the settings
// its documented rules refuse.
func FuzzProxySettingsAsDocumented(f *testing.F) { native.Fuzz(f) }
