package findings_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/findings"
)

// TestStudyFindingsHoldTheNamedCorners: the corners issue 12 names are
// classes of their own in the guard study, each with its minimized vector
// of the reference guard (which TestReplayStudyFindings replays): a glob
// whose '*' must not cross '/' met with a prefix, and a meet that compares
// operands before canonicalizing them (a prefix, or an eq, under a prefix
// that it starts with as written and climbs out of by '..').
func TestStudyFindingsHoldTheNamedCorners(t *testing.T) {
	entries, err := findings.LoadStudy("study")
	if err != nil {
		t.Fatal(err)
	}
	for _, corner := range []string{
		"unsound:" + "outside the bound of hop N (Q): rule N: argument Q does not satisfy its constraint:path/meet(glob|prefix)[]",
		"unsound:" + "outside the bound of hop N (Q): rule N: argument Q does not satisfy its constraint:path/meet(prefix|prefix)[dot]",
		"unsound:" + "outside the bound of hop N (Q): rule N: argument Q does not satisfy its constraint:path/meet(prefix|eq)[dot]",
	} {
		found := false
		for _, e := range entries {
			found = found || string(e.Vector.Signature) == "no-escalation:"+corner
		}
		if !found {
			t.Errorf("no vector of the reference guard's class %s in findings/study/no-escalation/", corner)
		}
	}
}
