package property

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestRuleCapRefusalCanFail: a meet that returns no error past
// bound.MaxRules, or drops rules at it, fails ruleCapRefusal; bound's meet
// of the pairs gen.Seeded.MeetCapBounds draws passes it, at the cap and
// past it.
func TestRuleCapRefusalCanFail(t *testing.T) {
	over := bound.MaxRules + 1
	if v := ruleCapRefusal("p", 0, over, nil); v == nil || v.Class != "cap-not-refused" {
		t.Errorf("past the cap, no error: %v, want cap-not-refused", v)
	}
	if v := ruleCapRefusal("p", 0, over, errors.New("other")); v == nil || v.Class != "cap-not-refused" {
		t.Errorf("past the cap, another error: %v, want cap-not-refused", v)
	}
	if v := ruleCapRefusal("p", bound.MaxRules-1, bound.MaxRules, nil); v == nil || v.Class != "cap-rules" {
		t.Errorf("at the cap, a rule short: %v, want cap-rules", v)
	}
	if v := ruleCapRefusal("p", 0, bound.MaxRules, fmt.Errorf("%w", bound.ErrTooLarge)); v == nil || v.Class != "cap-rules" {
		t.Errorf("at the cap, refused: %v, want cap-rules", v)
	}
	seen := map[int]bool{}
	for s := uint64(0); len(seen) < 2 && s < 10000; s++ {
		g := gen.NewSeeded(s, 7)
		x, y, rules := g.MeetCapBounds()
		if rules == 0 || seen[rules] {
			continue
		}
		seen[rules] = true
		start := time.Now()
		m, err := bound.MeetBounds(x, y, bound.Canon{})
		if v := ruleCapRefusal("p", len(m), rules, err); v != nil {
			t.Errorf("bound, %d rules: %v", rules, v)
		}
		t.Logf("%d rules: %v", rules, time.Since(start))
	}
	if !seen[bound.MaxRules] || !seen[bound.MaxRules+1] {
		t.Fatalf("drew rule counts %v, want %d and %d", seen, bound.MaxRules, bound.MaxRules+1)
	}
}

// TestWorkCapRefusalCanFail: a meet that does not refuse a pair past
// bound.MaxMeetWork, or refuses it for another reason, fails
// workCapRefusal; gen.Seeded.MeetWorkBounds' pair is one byte past the
// cap by the meet's count, and bound refuses it.
func TestWorkCapRefusalCanFail(t *testing.T) {
	if gen.MeetWorkCap != bound.MaxMeetWork {
		t.Fatalf("gen.MeetWorkCap %d, bound.MaxMeetWork %d: the documented budget and the target's differ", gen.MeetWorkCap, bound.MaxMeetWork)
	}
	over := gen.MeetWorkCap + 1
	for _, err := range []error{nil, errors.New("other")} {
		if v := workCapRefusal("p", over, err); v == nil || v.Class != "work-cap-not-refused" {
			t.Errorf("past the cap, error %v: %v, want work-cap-not-refused", err, v)
		}
	}
	if v := workCapRefusal("p", gen.MeetWorkCap, nil); v != nil {
		t.Errorf("at the cap, built: %v", v)
	}
	for s := uint64(0); s < 10000; s++ {
		x, y, work := gen.NewSeeded(s, 7).MeetWorkBounds()
		if work == 0 {
			continue
		}
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
		return
	}
	t.Fatal("no pair drawn in 10000 seeds")
}
