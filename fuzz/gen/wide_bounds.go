package gen

import (
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// WideOdds is one in how many seed pairs MeetBoundsExact draws wide
// bounds (WideBounds) instead of Bound's small ones: a wide meet makes
// thousands of rules, so a fuzz target drawing one every time would run
// far slower.
const WideOdds = 64

// WideBounds draws two bounds whose meet has exactly bound.MaxRules
// distinct rules (64 × 64), or one more (17 × 241 = 4097), as past
// reports: bound x constrains argument a of tool t to one of n
// values, y argument b of t to one of m, so every pair of rules meets in a
// rule of its own, a = i and b = j (SEP-3246 section 3.3). The cap is the
// target's own (a meet past it fails with bound.ErrTooLarge), so the
// count is built here from the shapes, not read from the meet.
func (g Seeded) WideBounds() (x, y bound.Bound, rules int, past bool) {
	n, m := 64, 64
	if past = g.r.IntN(2) == 0; past {
		n, m = 17, 241
	}
	return eqRules("a", n, g.r.IntN(1000)), eqRules("b", m, g.r.IntN(1000)), n * m, past
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
