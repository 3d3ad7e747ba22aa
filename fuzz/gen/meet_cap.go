package gen

import (
	"slices"
	"strings"
	"sync"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// MeetWorkCap and MeetRuleCap are the meet's budgets as
// targets/bound/meet_rules.go documents them (2^26 bytes of rules met,
// 4096 rules), written here as literals, not read from bound.MaxMeetWork
// and bound.MaxRules: a pair built from the target's own constant moves
// with it and cannot tell a budget moved by one. A test holds them equal
// to the target's.
const (
	MeetWorkCap = 1 << 26
	MeetRuleCap = 4096
)

// MeetWorkBounds is two bounds whose meet's work as bound.MaxMeetWork
// counts it (for each rule of x, its JSON bytes times the rules of y for
// its tool, plus those rules' bytes) is one byte past MeetWorkCap, and that
// work (made once and shared: 256 KiB of operand). x is one rule of tool t
// with an eq operand of about 256 KiB, y 255 rules of t without arguments
// and one whose eq operand pads the work to the byte: 256 pairs, far
// below bound.MaxPairs, so only the work can refuse it. A pair exactly at
// the cap is not drawn: bound then meets all 256 pairs, over half a
// second, where past it bound refuses before meeting any.
func MeetWorkBounds() (x, y bound.Bound, work int) {
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
