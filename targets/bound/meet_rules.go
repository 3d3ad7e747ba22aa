package bound

import (
	"errors"
	"fmt"
)

// MaxRules caps the rules of a computed meet. The meet of two bounds has up
// to |A|*|B| rules (SEP-3246 section 3.3), so a chain can ask for more than
// a guard should build; past the cap the meet fails with ErrTooLarge, and a
// check that needs it denies.
const MaxRules = 4096

// MaxPairs caps the rule pairs one MeetBounds considers (pairs of rules
// for the same tool), and MaxMeetWork the bytes of rules those pairs hold
// together, so that a meet's time is bounded as well as its size: the chain
// arrives with the request, and whoever sends it must not be able to stall
// the guard.
const (
	MaxPairs    = 1 << 16
	MaxMeetWork = 1 << 26
)

// ErrTooLarge is returned when a meet would exceed MaxRules or MaxPairs, and
// matched by every *LimitError.
var ErrTooLarge = errors.New("bound: meet too large")

// MeetRules returns the meet of two rules (section 3.3). Harness API
// (parts.go): exported for the planted faults of fuzz/planted, which meet
// rules their own way around it; MeetBounds is what the guard calls.
//
// It returns none for different tools; otherwise the union of their argument constraints, with the
// constraints on a shared argument met, and none if any such meet is empty.
// An argument constrained by one rule only keeps that constraint, since the
// other leaves it unconstrained (section 3.1).
func MeetRules(a, b Rule, c Canon) (Rule, bool) {
	return meetRules(a, b, c, newMeetWork(newBudget()))
}

func meetRules(a, b Rule, c Canon, w *meetWork) (Rule, bool) {
	if a.Tool != b.Tool {
		return Rule{}, false
	}
	// The shared arguments are met first. When every meet is the operand
	// of one rule, and that rule constrains every argument the other does,
	// the meet is that rule, and nothing is built.
	met := w.met[:0]
	isA, isB := len(b.Args) <= len(a.Args), len(a.Args) <= len(b.Args)
	for name, cb := range b.Args {
		ca, shared := a.Args[name]
		if !shared {
			isA = false
			continue
		}
		m, ok := meetConstraints(ca, cb, c.ModeOf(a.Tool, name), c.Fold, w)
		if !ok {
			w.met = met
			return Rule{}, false
		}
		km := keyOf(m)
		isA = isA && km == keyOf(ca)
		isB = isB && km == keyOf(cb)
		met = append(met, namedConstraint{name, m})
	}
	w.met = met
	switch {
	case isA:
		return a, true
	case isB && len(met) == len(a.Args):
		return b, true
	}
	out := Rule{Tool: a.Tool, Args: make(map[string]Constraint, len(a.Args)+len(b.Args))}
	for name, ca := range a.Args {
		out.Args[name] = ca
	}
	for name, cb := range b.Args {
		out.Args[name] = cb
	}
	for _, m := range met {
		out.Args[m.name] = m.c
	}
	return out, true
}

type namedConstraint struct {
	name string
	c    Constraint
}

// MeetBounds returns the meet of two bounds (section 3.3): the rules
// {meet(r1, r2) : r1 in a, r2 in b} with empty results dropped and
// identical rules kept once. The meet of anything with the empty bound is
// the empty bound.
func MeetBounds(a, b Bound, c Canon) (Bound, error) {
	return meetBounds(a, b, c, newMeetWork(nil))
}

// meetBounds is MeetBounds with the work of the meets before it in one
// chain: the operands canonicalized (each hop's effbound is the next
// meet's left operand) and the scratch buffer. Its search budget is its
// own.
func meetBounds(a, b Bound, c Canon, w *meetWork) (Bound, error) {
	out := Bound{}
	var seen map[string]bool
	byTool := w.rulesByTool(b)
	total := 0
	for _, rb := range b {
		total += rb.jsonLen()
	}
	// The pairs and the bytes they hold are counted before any is met, so
	// a meet past the caps costs no more than reading its operands.
	pairs, work := 0, 0
	for _, ra := range a {
		n := ra.jsonLen()
		total += n
		rbs, size := byTool(ra.Tool)
		pairs += len(rbs)
		work += len(rbs)*n + size
		if pairs > MaxPairs || work > MaxMeetWork {
			return nil, fmt.Errorf("%w (over %d rule pairs or %d bytes of rules met)", ErrTooLarge, MaxPairs, MaxMeetWork)
		}
	}
	w.search = meetBudget(total)
	for _, ra := range a {
		rbs, _ := byTool(ra.Tool)
		for _, rb := range rbs {
			r, ok := meetRules(ra, rb, c, w)
			if !ok {
				continue
			}
			if len(out) == 1 && seen == nil {
				// A second rule: from here on, each is looked up.
				seen = map[string]bool{}
				w.scratch = out[0].appendJSON(w.scratch[:0])
				seen[string(w.scratch)] = true
			}
			if seen != nil {
				w.scratch = r.appendJSON(w.scratch[:0])
				if seen[string(w.scratch)] {
					continue
				}
				if len(out) == MaxRules {
					return nil, fmt.Errorf("%w (%d)", ErrTooLarge, MaxRules)
				}
				seen[string(w.scratch)] = true
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// rulesByTool returns, for a tool, the rules of b for it and the bytes
// they hold: by a scan of a small b (one rule a hop is the common chain),
// into a slice the next call reuses; b itself when every rule of a large
// one is for one tool; else from two maps.
func (w *meetWork) rulesByTool(b Bound) func(tool string) (Bound, int) {
	switch {
	case len(b) <= 8:
		return func(tool string) (Bound, int) {
			size := 0
			w.rules = w.rules[:0]
			for _, r := range b {
				if r.Tool == tool {
					w.rules, size = append(w.rules, r), size+r.jsonLen()
				}
			}
			return w.rules, size
		}
	case oneTool(b):
		size := 0
		for _, r := range b {
			size += r.jsonLen()
		}
		return func(tool string) (Bound, int) {
			if tool != b[0].Tool {
				return nil, 0
			}
			return b, size
		}
	}
	rules, size := map[string]Bound{}, map[string]int{}
	for _, r := range b {
		rules[r.Tool] = append(rules[r.Tool], r)
		size[r.Tool] += r.jsonLen()
	}
	return func(tool string) (Bound, int) { return rules[tool], size[tool] }
}

// oneTool reports whether every rule of b is for the tool of its first.
func oneTool(b Bound) bool {
	for _, r := range b {
		if r.Tool != b[0].Tool {
			return false
		}
	}
	return true
}

// searchStatesPerByte is the product-automaton search a meet may do per
// byte of the rules it meets (at least minSearchStates, at most
// maxSearchStates): the search is what costs most, and it is only a
// simplification (past the budget the conjunction stays undecided, which
// is exact), so its cost follows the size of what was sent.
const (
	searchStatesPerByte = 4
	minSearchStates     = 1 << 12
)

// meetBudget is the search budget of one meet of bounds of size bytes.
func meetBudget(size int) *budget {
	return &budget{states: min(maxSearchStates, max(minSearchStates, searchStatesPerByte*size))}
}

// EffBound is the meet of every hop's bound (section 1, 3.3). A nil
// provenance or an empty chain admits nothing (section 3.1): its effbound
// is the empty bound, never an unconstrained one.
func EffBound(p *Provenance, c Canon) (Bound, error) {
	if p == nil || len(p.Chain) == 0 {
		return Bound{}, nil
	}
	eff, _, err := meetChain(p.Chain, c, canonCache{})
	if err != nil {
		return nil, err
	}
	return append(Bound{}, eff...), nil
}

// meetChain is the meet of the bounds of a chain of at least one hop,
// with the operands a check has canonicalized already, which it returns
// with those its meets added. The meet of one hop is that hop's bound
// itself, met with nothing and not copied: a chain of one hop (a guard
// that originates it) makes no meet's work.
func meetChain(hops []Hop, c Canon, operands canonCache) (Bound, canonCache, error) {
	eff := hops[0].Bound
	if len(hops) == 1 {
		return eff, operands, nil
	}
	w := newMeetWork(nil)
	w.canon = operands
	for _, h := range hops[1:] {
		var err error
		if eff, err = meetBounds(eff, h.Bound, c, w); err != nil {
			return nil, w.canon, err
		}
	}
	return eff, w.canon, nil
}
