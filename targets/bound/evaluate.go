package bound

// MaxCheckWork caps the work of one check, counted in bytes canonicalized
// plus glob steps (tokens times value bytes). The chain and the call both
// arrive with the request, so a check that would cost more is a deny, not
// a stall.
const MaxCheckWork = 1 << 26

// evaluator evaluates one call's arguments against many constraints,
// canonicalizing each argument once per reading and counting the work.
// Its caches hold their first entries in themselves, so that an evaluator
// on the stack checks a small call without allocating a table.
type evaluator struct {
	canon     Canon
	values    smallMap[evalKey, evalValue]
	operands  canonCache // each constraint canonicalized once per reading, for all the hops and the effbound
	work      int
	exhausted bool
}

type evalKey struct {
	arg  string
	mode Mode
}

type evalValue struct {
	v  Value
	ok bool
}

func newEvaluator(c Canon) *evaluator { return &evaluator{canon: c} }

// charge adds n to the work and reports whether the cap still holds.
func (e *evaluator) charge(n int) bool {
	e.work += n
	if e.work > MaxCheckWork {
		e.exhausted = true
	}
	return !e.exhausted
}

// admits is Admits for argument arg of tool, with the argument's canonical
// forms cached and the work charged; past the cap it admits nothing.
func (e *evaluator) admits(tool, arg string, c Constraint, v Value) bool {
	for _, r := range readings(e.canon.ModeOf(tool, arg)) {
		cv, ok := e.argument(arg, r, v)
		if !ok || !e.charge(c.jsonLen()) {
			return false
		}
		var cc *canonical
		if c.Op == OpIn {
			in := scanOnce(c, r, e.canon.Fold) // nothing to cache: on the stack
			cc = &in
		} else {
			cc = e.operands.get(c, r, e.canon.Fold, true)
		}
		if !e.charge(matchCost(cc, cv)) || !cc.admits(cv) {
			return false
		}
	}
	return true
}

// argument is argument arg's value v canonicalized under reading r, made
// once a check (the first time, its size is charged), and false when it
// cannot be canonicalized or the work cap is passed.
func (e *evaluator) argument(arg string, r Mode, v Value) (Value, bool) {
	k := evalKey{arg, r}
	cv, seen := e.values.get(k)
	if !seen {
		if !e.charge(valueSize(v)) {
			return Value{}, false
		}
		w, err := canonValue(v, r, e.canon.Fold)
		cv = evalValue{w, err == nil}
		e.values.put(k, cv)
	}
	return cv.v, cv.ok
}

// matchCost is the glob steps and prefix bytes evaluating cc on v takes.
func matchCost(cc *canonical, v Value) int {
	switch cc.op {
	case OpGlob:
		if cc.glob != nil {
			return len(cc.glob.toks) * len(v.Str)
		}
	case OpPrefix:
		return len(cc.prefix)
	case OpAnd:
		n := 0
		for i := range cc.and {
			n += matchCost(cc.and[i], v)
		}
		return n
	}
	return 1
}

// valueSize is about the length of v's JSON (strings counted as their
// bytes and quotes, escapes not), found without writing it: what
// canonicalizing v costs.
func valueSize(v Value) int {
	switch v.Kind {
	case KindString:
		return len(v.Str) + 2
	case KindNumber:
		return len(v.Number)
	case KindArray:
		n := 2
		for _, e := range v.Array {
			n += valueSize(e) + 1
		}
		return n
	case KindObject:
		n := 2
		for _, m := range v.Members {
			n += len(m.Name) + 4 + valueSize(m.Value)
		}
		return n
	}
	return 4
}
