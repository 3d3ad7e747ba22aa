package gen

import (
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// wideShapes are the rule counts WideBounds draws, n × m: one under
// MeetRuleCap, exactly it, and one past it.
var wideShapes = [][2]int{{63, 65}, {64, 64}, {32, 128}, {17, 241}}

// WideBounds draws two bounds whose meet has a number of distinct rules
// near MeetRuleCap (wideShapes: 4095, 4096 twice, 4097): bound x
// constrains argument a of tool t to one of n values, y argument b of t
// to one of m, so every pair of rules meets in a rule of its own, a = i
// and b = j (SEP-3246 section 3.3). The cap is the target's own (a meet
// past it fails with bound.ErrTooLarge), so the count is built here from
// the shapes, not read from the meet.
func (g Seeded) WideBounds() (x, y bound.Bound, rules int) {
	s := wideShapes[g.r.IntN(len(wideShapes))]
	return eqRules("a", s[0], g.r.IntN(1000)), eqRules("b", s[1], g.r.IntN(1000)), s[0] * s[1]
}

// eqRules is n rules of tool t, each constraining arg to eq one of n
// numbers from base.
func eqRules(arg string, n, base int) bound.Bound {
	b := make(bound.Bound, n)
	for i := range b {
		v, _ := bound.ParseValue([]byte(strconv.Itoa(base + i)))
		b[i] = bound.Rule{Tool: SeededTools[0], Args: map[string]bound.Constraint{arg: {Op: bound.OpEq, Value: v}}}
	}
	return b
}

// WideCalls are calls of tool t that the wide bounds' meet tells apart:
// a and b each inside or just outside the drawn ranges.
func (g Seeded) WideCalls(n int, x, y bound.Bound) []bound.Call {
	pick := func(b bound.Bound, arg string) bound.Value {
		c := b[g.r.IntN(len(b))].Args[arg]
		if g.r.IntN(4) == 0 {
			k, _ := strconv.Atoi(c.Value.Number)
			v, _ := bound.ParseValue([]byte(strconv.Itoa(k + len(b))))
			return v // past the range
		}
		return c.Value
	}
	calls := make([]bound.Call, n)
	for i := range calls {
		calls[i] = bound.Call{Name: SeededTools[0], Arguments: map[string]bound.Value{"a": pick(x, "a"), "b": pick(y, "b")}}
	}
	return calls
}
