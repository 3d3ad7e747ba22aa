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
