package bound

import "strings"

// MeetConstraints returns the meet of two constraints on one argument
// (SEP-3246 section 3.3), exact under mode m: the result admits a value if
// and only if both a and b admit it. ok is false when no value satisfies
// both (the rule holding them is dropped).
//
// Harness API (parts.go): MeetBounds is what the guard calls; this one
// meet is exported for the meet properties of fuzz/property and the
// planted faults of fuzz/planted.
//
// The result is built from the operands as written (a subset of them, or
// the members of an eq or in that the rest admit), never from rewritten
// ones, so it means the same when it is canonicalized again. Simplifications
// are made only when they hold under every reading of m; where none applies
// the result is a flattened "and", which is exact by definition.
func MeetConstraints(a, b Constraint, m Mode, fold bool) (Constraint, bool) {
	return meetConstraints(a, b, m, fold, newMeetWork(newBudget()))
}

// meetWork is what the constraint meets of one meet of bounds share: the
// search budget, each operand canonicalized once per reading (a rule of
// one bound is met with every rule of the other, and compiling its globs
// again for each would cost more than the meet itself), and one scratch
// buffer for the keys that find constraints and members written
// identically.
type meetWork struct {
	search  *budget
	canon   canonCache
	scratch []byte
}

func newMeetWork(b *budget) *meetWork { return &meetWork{search: b, canon: canonCache{}} }

func meetConstraints(a, b Constraint, m Mode, fold bool, w *meetWork) (Constraint, bool) {
	list := w.dedupe(append(flatten(a, nil), flatten(b, nil)...))
	if len(list) > maxConjuncts {
		return Constraint{Op: OpAnd, And: list}, true
	}
	filter := -1
	for i, c := range list {
		if c.Op == OpEq || c.Op == OpIn {
			filter = i
			break
		}
	}
	modes := readings(m)
	canon := make([][]canonical, len(modes))
	for i, r := range modes {
		canon[i] = make([]canonical, len(list))
		for j, c := range list {
			if j == filter && c.Op == OpIn {
				continue // filterMembers reads the members themselves; an in list is never dead
			}
			cc := w.canon.get(c, r, fold, canonicalize)
			if cc.dead {
				return Constraint{}, false
			}
			canon[i][j] = *cc
		}
	}
	if filter >= 0 {
		return w.filterMembers(filter, list, modes, canon, fold)
	}
	return meetStrings(list, canon, fold, w.search)
}

// maxConjuncts and maxFilterWork bound the work of one constraint meet;
// past them the meet is the flattened "and" of its inputs, which is exact,
// so a large bound costs a guard no more than evaluating it.
const (
	maxConjuncts  = 64
	maxFilterWork = 1 << 16
)

// filterMembers keeps the members of list[ci] (an eq or in) that every
// other constraint of list admits under every reading: exact, because
// every operator judges a value only through its canonical form, which an
// equal member shares. A member that cannot be canonicalized is dropped
// (list[ci] itself does not admit it), and members written identically
// are kept once. When every member is kept the operand is returned as it
// is, and a run of them shares the operand's members: nothing is copied.
func (w *meetWork) filterMembers(ci int, list []Constraint, modes []Mode, canon [][]canonical, fold bool) (Constraint, bool) {
	c := list[ci]
	members := c.Values
	if c.Op == OpEq {
		members = []Value{c.Value}
	}
	if len(members)*len(list)*len(modes) > maxFilterWork {
		return Constraint{Op: OpAnd, And: list}, true
	}
	var kept []int32
	seen := map[string]bool{}
	for i, v := range members {
		if w.admitsMember(v, ci, modes, canon, fold) && w.firstTime(seen, v) {
			kept = append(kept, int32(i))
		}
	}
	switch {
	case len(kept) == 0:
		return Constraint{}, false
	case len(kept) == 1:
		return Constraint{Op: OpEq, Value: members[kept[0]]}, true
	case len(kept) == len(members):
		return c, true
	case int(kept[len(kept)-1]-kept[0]) == len(kept)-1:
		lo, hi := kept[0], kept[len(kept)-1]+1
		return Constraint{Op: OpIn, Values: members[lo:hi:hi]}, true
	}
	out := make([]Value, len(kept))
	for i, k := range kept {
		out[i] = members[k]
	}
	return Constraint{Op: OpIn, Values: out}, true
}

// admitsMember reports whether v canonicalizes under every reading and
// every constraint of list but the one at ci admits it.
func (w *meetWork) admitsMember(v Value, ci int, modes []Mode, canon [][]canonical, fold bool) bool {
	for k, r := range modes {
		cv, err := canonValue(v, r, fold)
		if err != nil {
			return false
		}
		for j := range canon[k] {
			if j != ci && !canon[k][j].admits(cv) {
				return false
			}
		}
	}
	return true
}

// firstTime reports whether no value written as v is in seen, and adds it.
func (w *meetWork) firstTime(seen map[string]bool, v Value) bool {
	w.scratch = v.appendJSON(w.scratch[:0])
	if seen[string(w.scratch)] {
		return false
	}
	seen[string(w.scratch)] = true
	return true
}

// meetStrings meets a conjunction of prefix and glob constraints (no eq or
// in): nested prefixes keep the narrower, disjoint ones are empty, a
// prefix implied by a glob's literal head is dropped, and the remaining
// globs and prefixes are tested for a common string.
func meetStrings(list []Constraint, canon [][]canonical, fold bool, bud *budget) (Constraint, bool) {
	keep := make([]bool, len(list))
	for i := range keep {
		keep[i] = true
	}
	all := func(f func(x, y *canonical) bool, i, j int) bool {
		for k := range canon {
			if !f(&canon[k][i], &canon[k][j]) {
				return false
			}
		}
		return true
	}
	for i := range list {
		for j := range list {
			if i == j || !keep[i] || !keep[j] {
				continue
			}
			x, y := list[i].Op, list[j].Op
			if x == OpPrefix && y == OpPrefix {
				for k := range canon {
					if prefixesDisjoint(&canon[k][i], &canon[k][j]) {
						return Constraint{}, false
					}
				}
				if all(prefixWithin, i, j) {
					keep[j] = false
				}
			}
			if x == OpGlob && y == OpPrefix && all(globWithinPrefix, i, j) {
				keep[j] = false
			}
		}
	}
	var out []Constraint
	var outIdx []int
	for i, c := range list {
		if keep[i] {
			out, outIdx = append(out, c), append(outIdx, i)
		}
	}
	if !fold && len(out) > 1 {
		for k := range canon {
			if stringsDisjoint(canon[k], outIdx, bud) {
				return Constraint{}, false
			}
		}
	}
	if len(out) == 1 {
		return out[0], true
	}
	return Constraint{Op: OpAnd, And: out}, true
}

// prefixWithin reports that everything prefix x admits, prefix y admits.
func prefixWithin(x, y *canonical) bool {
	if !y.boundary {
		return strings.HasPrefix(x.prefix, y.prefix)
	}
	if x.prefix == y.prefix {
		return x.boundary
	}
	return strings.HasPrefix(x.prefix, y.prefix+"/")
}

// prefixesDisjoint reports that no string satisfies both prefixes.
func prefixesDisjoint(x, y *canonical) bool {
	if len(x.prefix) > len(y.prefix) {
		x, y = y, x
	}
	if !strings.HasPrefix(y.prefix, x.prefix) {
		return true
	}
	// x is the shorter: a boundary x admits only x itself and x + "/...".
	return x.boundary && y.prefix != x.prefix && !strings.HasPrefix(y.prefix, x.prefix+"/")
}

// globWithinPrefix reports that every string the glob x matches starts as
// the prefix y requires: the glob's leading literal text does it.
func globWithinPrefix(x, y *canonical) bool {
	var head strings.Builder
	whole := true
	for _, t := range x.glob.toks {
		if t.kind != tokLit {
			whole = false
			break
		}
		head.WriteRune(t.r)
	}
	if x.glob.fold {
		return false
	}
	h := head.String()
	if y.boundary {
		return strings.HasPrefix(h, y.prefix+"/") || whole && h == y.prefix
	}
	return strings.HasPrefix(h, y.prefix)
}

// stringsDisjoint decides, when it can, that no string satisfies all the
// prefixes and globs at idx. A boundary prefix is the union of the string
// itself and the string, a separator and anything, so each choice among
// the boundary prefixes is searched.
func stringsDisjoint(cs []canonical, idx []int, bud *budget) bool {
	var fixed [][]token
	var choices [][2][]token
	for _, i := range idx {
		c := &cs[i]
		switch {
		case c.op == OpGlob:
			fixed = append(fixed, c.glob.toks)
		case c.op == OpPrefix && !c.boundary:
			fixed = append(fixed, append(literalTokens(c.prefix), token{kind: tokGlobStar}))
		case c.op == OpPrefix:
			choices = append(choices, [2][]token{
				literalTokens(c.prefix),
				append(literalTokens(c.prefix+"/"), token{kind: tokGlobStar}),
			})
		default:
			return false
		}
	}
	if len(choices) > 4 {
		return false
	}
	for pick := 0; pick < 1<<len(choices); pick++ {
		auts := append([][]token(nil), fixed...)
		for k, ch := range choices {
			auts = append(auts, ch[pick>>k&1])
		}
		if empty, decided := emptyIntersection(auts, bud); !empty || !decided {
			return false
		}
	}
	return true
}

func literalTokens(s string) []token {
	var out []token
	for _, r := range s {
		out = append(out, token{kind: tokLit, r: r})
	}
	return out
}

// flatten appends c to out, with every nested and opened.
func flatten(c Constraint, out []Constraint) []Constraint {
	if c.Op != OpAnd {
		return append(out, c)
	}
	for _, e := range c.And {
		out = flatten(e, out)
	}
	return out
}

// dedupe removes constraints written identically (idempotence: a ⊓ a = a).
func (w *meetWork) dedupe(list []Constraint) []Constraint {
	if len(list) == 2 {
		// The meet of two constraints: no set, one comparison.
		w.scratch = list[0].appendJSON(w.scratch[:0])
		n := len(w.scratch)
		w.scratch = list[1].appendJSON(w.scratch)
		if string(w.scratch[:n]) == string(w.scratch[n:]) {
			return list[:1]
		}
		return list
	}
	seen := map[string]bool{}
	out := list[:0]
	for _, c := range list {
		w.scratch = c.appendJSON(w.scratch[:0])
		if !seen[string(w.scratch)] {
			seen[string(w.scratch)] = true
			out = append(out, c)
		}
	}
	return out
}
