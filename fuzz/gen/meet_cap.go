package gen

import (
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ruleCapOdds is one in how many draws of Seeded.MeetCapBounds makes a
// pair at or past bound.MaxRules: a meet past the cap costs bound about 7
// ms and one at it (4096 rules built) about 70 ms, two hundred inputs of
// FuzzMeetBoundsExact, so they are drawn rarely and the cap itself one
// time in four of those.
const ruleCapOdds = 256

// MeetCapBounds draws, one time in ruleCapOdds, two bounds whose meet
// (SEP-3246 section 3.3: the rule set of every pair's meet) has one rule
// more than bound.MaxRules or, one time in four of those, exactly as
// many, and that count; else none (0). The rules of x constrain argument a of tool
// t to a prefix /p<i>, those of y argument b to /q<j>, so every pair
// meets to a distinct rule; the counts are products of a divisor of the
// cap and its cofactor (64 × 64, 17 × 241), the nearest square.
func (g Seeded) MeetCapBounds() (x, y bound.Bound, rules int) {
	if g.r.IntN(ruleCapOdds) != 0 {
		return nil, nil, 0
	}
	rules = bound.MaxRules + min(1, g.r.IntN(4))
	n := nearSquareDivisor(rules)
	return capRules("a", "/p", n), capRules("b", "/q", rules/n), rules
}

// nearSquareDivisor is the largest divisor of n not above its square
// root.
func nearSquareDivisor(n int) int {
	best := 1
	for d := 1; d*d <= n; d++ {
		if n%d == 0 {
			best = d
		}
	}
	return best
}

// capRules are n rules of tool t, the i-th constraining arg to the prefix
// stem + i.
func capRules(arg, stem string, n int) bound.Bound {
	b := make(bound.Bound, n)
	for i := range b {
		b[i] = bound.Rule{Tool: "t", Args: map[string]bound.Constraint{
			arg: {Op: bound.OpPrefix, Operand: stem + strconv.Itoa(i)},
		}}
	}
	return b
}
