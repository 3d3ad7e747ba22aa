package property

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestMeetBoundsAtCapCanFail: on wide bounds one rule under the cap, at
// it and one past it, bound.MeetBounds passes, and each fault
// of the cap is a violation of its class: the cap dropped (every pair met),
// the refusal returned as an empty meet, the cap moved by one.
func TestMeetBoundsAtCapCanFail(t *testing.T) {
	var pairs [][2]uint64
	seen := map[int]bool{}
	for s2 := uint64(0); len(seen) < 3 && s2 < 100; s2++ {
		_, _, rules := gen.NewSeeded(0, s2).WideBounds()
		if !seen[rules] {
			pairs = append(pairs, [2]uint64{0, s2})
			seen[rules] = true
		}
	}
	if !seen[bound.MaxRules-1] || !seen[bound.MaxRules] || !seen[bound.MaxRules+1] {
		t.Fatalf("the wide draws make %v distinct rules, want one fewer than the cap, the cap, one more", seen)
	}
	for _, p := range pairs {
		if v := MeetBoundsAtCap(bound.MeetBounds, p[0], p[1]); v != nil {
			t.Fatalf("bound.MeetBounds on %v: %v", p, v)
		}
	}
	every := func(capAt int) BoundMeeter {
		return func(a, b bound.Bound, c bound.Canon) (bound.Bound, error) {
			var out bound.Bound
			for _, ra := range a {
				for _, rb := range b {
					if r, ok := bound.MeetRules(ra, rb, c); ok {
						if len(out) == capAt {
							return nil, bound.ErrTooLarge
						}
						out = append(out, r)
					}
				}
			}
			return out, nil
		}
	}
	emptyOnRefusal := func(a, b bound.Bound, c bound.Canon) (bound.Bound, error) {
		m, err := bound.MeetBounds(a, b, c)
		if errors.Is(err, bound.ErrTooLarge) {
			return nil, nil
		}
		return m, err
	}
	for name, f := range map[string]struct {
		meet  BoundMeeter
		class string
	}{
		"no cap":                {every(-1), "cap:past"},
		"the cap one higher":    {every(bound.MaxRules + 1), "cap:past"},
		"the cap one lower":     {every(bound.MaxRules - 1), "cap:at"},
		"an empty meet instead": {emptyOnRefusal, "cap:past"},
	} {
		found := false
		for _, p := range pairs {
			if v := MeetBoundsAtCap(f.meet, p[0], p[1]); v != nil && v.Class == f.class {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no violation %s on %v", name, f.class, pairs)
		}
	}
}
