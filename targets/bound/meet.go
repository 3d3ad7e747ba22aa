package bound

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

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
	key     []byte            // admitsContainer's canonical key
	met     []namedConstraint // meetRules' shared arguments met
	rules   Bound             // rulesByTool's rules of one tool
}

func newMeetWork(b *budget) *meetWork { return &meetWork{search: b} }

func meetConstraints(a, b Constraint, m Mode, fold bool, w *meetWork) (Constraint, bool) {
	var few [maxSmallDedupe]Constraint // the meet of a few conjuncts: listed on the stack
	list := w.dedupe(flatten(b, flatten(a, few[:0])))
	if len(list) > maxConjuncts {
		return Constraint{Op: OpAnd, And: slices.Clone(list)}, true
	}
	filter := -1
	for i, c := range list {
		if c.Op == OpEq || c.Op == OpIn {
			filter = i
			break
		}
	}
	modes := readings(m)
	var canonOf [2][]*canonical
	var small [2 * maxSmallDedupe]*canonical
	for i := range modes {
		if n := len(list); n <= len(small)/2 {
			canonOf[i] = small[i*n : i*n+n]
		} else {
			canonOf[i] = make([]*canonical, n)
		}
	}
	canon := canonOf[:len(modes)]
	for i, r := range modes {
		for j, c := range list {
			if j == filter && c.Op == OpIn {
				continue // filterMembers reads the members themselves; an in list is never dead
			}
			cc := w.canon.get(c, r, fold, false)
			if cc.dead {
				return Constraint{}, false
			}
			canon[i][j] = cc
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
func (w *meetWork) filterMembers(ci int, list []Constraint, modes []Mode, canon [][]*canonical, fold bool) (Constraint, bool) {
	c := list[ci]
	members := c.Values
	if c.Op == OpEq {
		members = []Value{c.Value}
	}
	if len(members)*len(list)*len(modes) > maxFilterWork {
		return Constraint{Op: OpAnd, And: slices.Clone(list)}, true
	}
	kept := w.keptMembers(members, ci, modes, canon, fold)
	n, lo, hi := 0, len(members), 0
	for i := range members {
		if kept.has(i) {
			n, lo, hi = n+1, min(lo, i), i+1
		}
	}
	switch {
	case n == 0:
		return Constraint{}, false
	case n == 1:
		return Constraint{Op: OpEq, Value: members[lo]}, true
	case n == len(members):
		return c, true
	case hi-lo == n:
		return Constraint{Op: OpIn, Values: members[lo:hi:hi]}, true
	}
	out := make([]Value, 0, n)
	for i, v := range members {
		if kept.has(i) {
			out = append(out, v)
		}
	}
	return Constraint{Op: OpIn, Values: out}, true
}

// memberBits marks members of a list, one bit each.
type memberBits []uint64

func (b memberBits) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b memberBits) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b memberBits) clear(i int)    { b[i/64] &^= 1 << (i % 64) }

// admitsContainer is admitsMember for an array or an object, which has one
// canonical form under every reading, compared by its key: only an eq or
// an in admits one, and one that is dead admits nothing.
func (w *meetWork) admitsContainer(v Value, ci int, canon [][]*canonical, fold bool) bool {
	var err error
	if w.key, err = appendCanonicalKey(w.key[:0], v, ModePlain, fold); err != nil {
		return false
	}
	for k := range canon {
		for j, c := range canon[k] {
			if j != ci && (c.dead || c.members == nil || !c.members.hasKey(w.key)) {
				return false
			}
		}
	}
	return true
}

// keptMembers marks the members that admitsMember admits, the first of
// those written identically only. Members whose JSON is their scalarKey
// (nearly every member of an in list) are compared by it: not at all when
// they come in increasing order, else sorted by index; only arrays,
// objects and strings that are not UTF-8 are written out and mapped.
func (w *meetWork) keptMembers(members []Value, ci int, modes []Mode, canon [][]*canonical, fold bool) memberBits {
	kept := make(memberBits, (len(members)+63)/64)
	scalars, increasing, prev := true, true, -1
	for i, v := range members {
		if !w.admitsMember(v, ci, modes, canon, fold) {
			continue
		}
		kept.set(i)
		if !scalars {
			continue
		}
		if _, _, ok := scalarKey(v); !ok {
			scalars = false
		} else if prev >= 0 && compareScalars(members[prev], v) >= 0 {
			increasing = false
		}
		prev = i
	}
	switch {
	case scalars && increasing:
	case scalars:
		order := keptOrder(kept, len(members))
		slices.SortStableFunc(order, func(x, y int32) int { return compareScalars(members[x], members[y]) })
		for k := 1; k < len(order); k++ {
			if compareScalars(members[order[k-1]], members[order[k]]) == 0 {
				kept.clear(int(order[k])) // the stable sort puts the first written first
			}
		}
	default:
		// Arrays and objects: sorted by their JSON, each written into one
		// of two scratch buffers as it is compared.
		order := keptOrder(kept, len(members))
		var other []byte
		cmp := func(x, y int32) int {
			w.scratch = members[x].appendJSON(w.scratch[:0])
			other = members[y].appendJSON(other[:0])
			return bytes.Compare(w.scratch, other)
		}
		slices.SortStableFunc(order, cmp)
		for k := 1; k < len(order); k++ {
			if cmp(order[k-1], order[k]) == 0 {
				kept.clear(int(order[k]))
			}
		}
	}
	return kept
}

// keptOrder lists the members kept marks, in order.
func keptOrder(kept memberBits, n int) []int32 {
	var order []int32
	for i := range n {
		if kept.has(i) {
			order = append(order, int32(i))
		}
	}
	return order
}

// scalarKey is a scalar member as a kind and a text that two members share
// if and only if their JSON is the same: a UTF-8 string (whose JSON
// escapes are one to one), a number's text as marshal.go writes it, a
// boolean or null. ok is false for arrays, objects and strings that are
// not UTF-8 (written with U+FFFD, so that two may share their JSON).
func scalarKey(v Value) (kind ValueKind, text string, ok bool) {
	switch v.Kind {
	case KindString:
		return v.Kind, v.Str, utf8.ValidString(v.Str)
	case KindNumber:
		if v.Number == "" {
			return v.Kind, "0", true
		}
		return v.Kind, v.Number, true
	case KindBool:
		return v.Kind, strconv.FormatBool(v.Bool), true
	case KindNull:
		return v.Kind, "", true
	}
	return v.Kind, "", false
}

func compareScalars(a, b Value) int {
	ka, ta, _ := scalarKey(a)
	kb, tb, _ := scalarKey(b)
	if ka != kb {
		return int(ka) - int(kb)
	}
	return strings.Compare(ta, tb)
}

// admitsMember reports whether v canonicalizes under every reading and
// every constraint of list but the one at ci admits it.
func (w *meetWork) admitsMember(v Value, ci int, modes []Mode, canon [][]*canonical, fold bool) bool {
	if v.Kind == KindArray || v.Kind == KindObject {
		return w.admitsContainer(v, ci, canon, fold)
	}
	var cv Value
	for k, r := range modes {
		if k == 0 || v.Kind == KindString {
			// Only a top-level string is read in mode r: anything else
			// has one canonical form under every reading.
			var err error
			if cv, err = canonValue(v, r, fold); err != nil {
				return false
			}
		}
		for j := range canon[k] {
			if j != ci && !canon[k][j].admits(cv) {
				return false
			}
		}
	}
	return true
}

// meetStrings meets a conjunction of prefix and glob constraints (no eq or
// in): nested prefixes keep the narrower, disjoint ones are empty, a
// prefix implied by a glob's literal head is dropped, and the remaining
// globs and prefixes are tested for a common string.
func meetStrings(list []Constraint, canon [][]*canonical, fold bool, bud *budget) (Constraint, bool) {
	var keepFew [maxSmallDedupe]bool
	keep := keepFew[:0]
	if len(list) > len(keepFew) {
		keep = make([]bool, len(list))
	}
	keep = keep[:len(list)]
	for i := range keep {
		keep[i] = true
	}
	all := func(f func(x, y *canonical) bool, i, j int) bool {
		for k := range canon {
			if !f(canon[k][i], canon[k][j]) {
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
					if prefixesDisjoint(canon[k][i], canon[k][j]) {
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
	var outFew [maxSmallDedupe]Constraint
	var idxFew [maxSmallDedupe]int
	out, outIdx := outFew[:0], idxFew[:0]
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
	return Constraint{Op: OpAnd, And: slices.Clone(out)}, true
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
func stringsDisjoint(cs []*canonical, idx []int, bud *budget) bool {
	var fixed [][]token
	var choices [][2][]token
	for _, i := range idx {
		c := cs[i]
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
	if len(list) <= maxSmallDedupe {
		// A few conjuncts: each written once into the scratch buffer and
		// compared with those kept before it, without a set.
		var ends [maxSmallDedupe + 1]int
		w.scratch = w.scratch[:0]
		for i, c := range list {
			w.scratch = c.appendJSON(w.scratch)
			ends[i+1] = len(w.scratch)
		}
		var kept [maxSmallDedupe]int
		out := list[:0]
		for i, c := range list {
			mine := w.scratch[ends[i]:ends[i+1]]
			dup := false
			for _, j := range kept[:len(out)] {
				dup = dup || string(w.scratch[ends[j]:ends[j+1]]) == string(mine)
			}
			if !dup {
				kept[len(out)] = i
				out = append(out, c)
			}
		}
		return out
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

// maxSmallDedupe is the most conjuncts dedupe compares pairwise.
const maxSmallDedupe = 8
