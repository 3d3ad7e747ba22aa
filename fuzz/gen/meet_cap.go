package gen

import (
	"slices"
	"strconv"
	"strings"
	"sync"

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

// MeetWorkCap is the meet's work budget as meet_rules.go documents it
// (2^26 bytes of rules met), written here as a literal, not read from
// bound.MaxMeetWork: a pair built from the target's own constant moves
// with it and cannot tell a budget moved by one.
const MeetWorkCap = 1 << 26

// workCapOdds is one in how many draws of Seeded.MeetWorkBounds makes the
// pair past bound.MaxMeetWork (made once and shared: 256 KiB of operand).
const workCapOdds = 256

// MeetWorkBounds draws, one time in workCapOdds, two bounds whose meet's
// work as bound.MaxMeetWork counts it (for each rule of x, its JSON bytes
// times the rules of y for its tool, plus those rules' bytes) is one byte
// past MeetWorkCap, and that work; else none (0). x is one rule of tool t
// with an eq operand of about 256 KiB, y 255 rules of t without arguments
// and one whose eq operand pads the work to the byte: 256 pairs, far
// below bound.MaxPairs, so only the work can refuse it. A pair exactly at
// the cap is not drawn: bound then meets all 256 pairs, over half a
// second, where past it bound refuses before meeting any.
func (g Seeded) MeetWorkBounds() (x, y bound.Bound, work int) {
	if g.r.IntN(workCapOdds) != 0 {
		return nil, nil, 0
	}
	w := pastWorkCap()
	return w.x, w.y, w.work
}

// workPair is a pair of bounds and the work of their meet.
type workPair struct {
	x, y bound.Bound
	work int
}

// pastWorkCap is MeetWorkBounds' pair, made once.
var pastWorkCap = sync.OnceValue(func() workPair {
	const pairs = 256
	work := MeetWorkCap + 1
	bare := bound.Rule{Tool: "t"}
	eqOf := func(arg string, n int) bound.Rule {
		return bound.Rule{Tool: "t", Args: map[string]bound.Constraint{arg: {Op: bound.OpEq, Value: bound.String(strings.Repeat("x", n))}}}
	}
	// x's rule has size s, so the work is pairs*s + (pairs-1)*|bare| + |y's last|.
	left := work - (pairs-1)*ruleBytes(bare) - ruleBytes(eqOf("b", 0))
	s := left / pairs
	y := slices.Repeat(bound.Bound{bare}, pairs-1)
	y = append(y, eqOf("b", left%pairs))
	return workPair{x: bound.Bound{eqOf("a", s-ruleBytes(eqOf("a", 0)))}, y: y, work: work}
})

// ruleBytes is the length of r's JSON, as the meet's work counts it.
func ruleBytes(r bound.Rule) int {
	j, _ := r.MarshalJSON()
	return len(j)
}
