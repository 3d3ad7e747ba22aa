package bound

import "hash/maphash"

// operandKey names a constraint's operands without writing them: the text
// of a prefix, a glob, a string, number or boolean operand, or the address
// and length of an in list, an array, an object or the conjuncts of an
// and. Two constraints with one key have the same operands, since nothing
// modifies a constraint once it is read or built; two with the same
// operands in different places (two hops that each wrote one in list) may
// have different keys, and are then canonicalized once each.
type operandKey struct {
	op   Op
	kind ValueKind
	text string
	vals *Value
	mems *Member
	and  *Constraint
	n    int
}

func keyOf(c Constraint) operandKey {
	k := operandKey{op: c.Op}
	switch c.Op {
	case OpPrefix, OpGlob:
		k.text = c.Operand
	case OpIn:
		k.n = len(c.Values)
		if k.n > 0 {
			k.vals = &c.Values[0]
		}
	case OpAnd:
		k.n = len(c.And)
		if k.n > 0 {
			k.and = &c.And[0]
		}
	case OpEq:
		v := c.Value
		k.kind = v.Kind
		switch v.Kind {
		case KindString:
			k.text = v.Str
		case KindNumber:
			k.text = v.Number
		case KindBool:
			if v.Bool {
				k.n = 1
			}
		case KindArray:
			if k.n = len(v.Array); k.n > 0 {
				k.vals = &v.Array[0]
			}
		case KindObject:
			if k.n = len(v.Members); k.n > 0 {
				k.mems = &v.Members[0]
			}
		}
	}
	return k
}

type canonCacheKey struct {
	operands operandKey
	mode     Mode
	fold     bool
}

// canonCache holds each constraint canonicalized once per reading, for
// the evaluations of one check and the meets of its chain. Its results
// are shared and must not be modified. once asks for canonicalizeFor's
// form for one check, which differs for an in list only, and is not kept.
//
// The first few are held in the cache itself, so a check of a small call
// makes no table. Past them each canonical form holds its own key and is
// found by the key's hash, those of one hash chained: a table of keys
// cost a check of 256 rules under two readings more than half of what it
// allocated (a 90-byte slot per operand, and the table's growth), where a
// hash is 8 (issue 20).
type canonCache struct {
	keys [smallMapInline]canonCacheKey
	few  [smallMapInline]*canonical
	n    int
	more map[uint64]*keptCanonical // by the hash of their key, chained by next
	seed maphash.Seed
}

// keptCanonical is a canonical form in a canonCache's table, with its key.
type keptCanonical struct {
	canonical
	key  canonCacheKey
	next *keptCanonical // the next of its key's hash
}

// lookup returns the canonical form kept under k, or nil, and k's hash
// when the cache has a table.
func (cc *canonCache) lookup(k canonCacheKey) (*canonical, uint64) {
	for i := range cc.n {
		if cc.keys[i] == k {
			return cc.few[i], 0
		}
	}
	if cc.more == nil {
		return nil, 0
	}
	h := maphash.Comparable(cc.seed, k)
	for c := cc.more[h]; c != nil; c = c.next {
		if c.key == k {
			return &c.canonical, h
		}
	}
	return nil, h
}

// keep adds c under k, which lookup did not find (of hash h if the cache
// has a table), and returns it as kept.
func (cc *canonCache) keep(k canonCacheKey, c canonical, h uint64) *canonical {
	if cc.n < smallMapInline {
		kept := new(canonical)
		*kept = c
		cc.keys[cc.n], cc.few[cc.n] = k, kept
		cc.n++
		return kept
	}
	if cc.more == nil {
		cc.more, cc.seed = map[uint64]*keptCanonical{}, maphash.MakeSeed()
		h = maphash.Comparable(cc.seed, k)
	}
	kept := &keptCanonical{canonical: c, key: k, next: cc.more[h]}
	cc.more[h] = kept
	return &kept.canonical
}

func (cc *canonCache) get(c Constraint, m Mode, fold, once bool) *canonical {
	if once && c.Op == OpIn {
		// Nothing to keep: the members are read as they are.
		out := scanOnce(c, m, fold)
		return &out
	}
	if c.Op == OpIn && !hasString(c.Values) {
		// Only a top-level string is read in mode m (strings in arrays and
		// objects are read as plain): one canonical form serves every mode.
		m = ModePlain
	}
	k := canonCacheKey{keyOf(c), m, fold}
	got, h := cc.lookup(k)
	if got != nil {
		return got
	}
	if c.Op == OpAnd {
		// Each conjunct from the cache, the and itself not kept: the hops
		// of a chain that each wrote an and of one glob compile it once.
		out := &canonical{op: OpAnd, dead: len(c.And) == 0, and: make([]*canonical, len(c.And))}
		for i, e := range c.And {
			out.and[i] = cc.get(e, m, fold, once)
		}
		return out
	}
	return cc.keep(k, canonicalizeFor(c, m, fold, once), h)
}

// scanOnce is the canonical form of in list c for one check under mode
// m: its members as they are, canonicalized as they are compared.
func scanOnce(c Constraint, m Mode, fold bool) canonical {
	if !hasString(c.Values) {
		m = ModePlain // as get keys it: only a top-level string is read in mode m
	}
	return canonical{op: OpIn, scan: c.Values, mode: m, fold: fold}
}

func hasString(vs []Value) bool {
	for i := range vs {
		if vs[i].Kind == KindString {
			return true
		}
	}
	return false
}
