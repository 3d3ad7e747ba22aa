package property

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestWorkCapRefusalCanFail: a meet that does not refuse a pair past
// bound.MaxMeetWork, or refuses it for another reason, fails
// workCapRefusal; gen.MeetWorkBounds' pair is one byte past the
// cap by the meet's count, and bound refuses it.
func TestWorkCapRefusalCanFail(t *testing.T) {
	if gen.MeetWorkCap != bound.MaxMeetWork || gen.MeetRuleCap != bound.MaxRules {
		t.Fatalf("gen's caps %d and %d, bound's %d and %d: the documented budgets and the target's differ", gen.MeetWorkCap, gen.MeetRuleCap, bound.MaxMeetWork, bound.MaxRules)
	}
	over := gen.MeetWorkCap + 1
	for _, err := range []error{nil, errors.New("other")} {
		if v := workCapRefusal("p", over, err); v == nil || v.Class != "cap:work" {
			t.Errorf("past the cap, error %v: %v, want cap:work", err, v)
		}
	}
	if v := workCapRefusal("p", gen.MeetWorkCap, nil); v != nil {
		t.Errorf("at the cap, built: %v", v)
	}
	{
		x, y, work := gen.MeetWorkBounds()
		count := 0
		for _, rx := range x {
			jx, _ := rx.MarshalJSON()
			for _, ry := range y {
				jy, _ := ry.MarshalJSON()
				if ry.Tool == rx.Tool {
					count += len(jx) + len(jy)
				}
			}
		}
		if count != work || work != over {
			t.Fatalf("the pair's work is %d by the meet's count, the generator says %d, want %d", count, work, over)
		}
		_, err := bound.MeetBounds(x, y, bound.Canon{})
		if v := workCapRefusal("p", work, err); v != nil {
			t.Fatalf("bound: %v", v)
		}
	}
}
