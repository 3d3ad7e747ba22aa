package bound

import "sort"

// Prepared is Check for the calls of one tool against one chain, with
// what does not depend on the call made once: the rules of each hop for
// the tool (rulesFor), their argument names in order, the meet of the
// hops restricted to the tool (meetChain), and every constraint of those
// rules and of the meet canonicalized under each reading of its argument
// (SEP-3246 sections 3.2.2 and 3.3). A guard whose client sends one chain
// with every call prepares it once (targets/guard's chain cache); Check
// itself stays lazy, since a chain it denies at its first hop must not
// cost the meet of all of them.
//
// A Prepared is read, never written, after Prepare returns: one may check
// calls from many goroutines. It keeps p, which must not be modified.
type Prepared struct {
	p    *Provenance
	tool string
	fold bool
	// args are the arguments some rule for tool constrains, in some hop,
	// with the mode each was prepared under; names holds the same names.
	// slots is how many canonical forms of the call's arguments a check
	// may make: one for each reading of each of args, numbered when pc
	// is prepared (preparedArg.slot), so that a check keeps them in a
	// slice by number instead of a cache keyed by name and reading.
	args  []preparedMode
	names map[string]bool
	slots int
	// hops are the hops' rules for tool, checked in order; then the
	// decision end (every call that passes the hops gets it: a chain
	// that denies before its meet, or a meet that cannot be computed)
	// or, when end is nil, the effbound eff.
	hops []preparedBound
	end  *Decision
	eff  preparedBound
}

type preparedMode struct {
	name string
	mode Mode
	slot int // the slot of its first reading; the others follow
}

// preparedBound is the rules of one bound for the tool, as boundAdmits
// reads them, and the hop it is (for the reasons of a denial).
type preparedBound struct {
	hop       int
	component string
	rules     []preparedRule
}

// preparedRule is one rule: its place in the bound and its constrained
// arguments, sorted by name as ruleAdmits reads them.
type preparedRule struct {
	index int
	args  []preparedArg
}

// preparedArg is one constrained argument: its readings and the
// constraint canonicalized under each, as evaluator.admits makes them;
// the argument's value canonicalized under readings[k] is kept in the
// check's slot slot+k (Prepared.slots).
type preparedArg struct {
	name     string
	jsonLen  int
	slot     int
	readings []Mode
	canon    []*canonical
}

// Prepare makes the check of calls of tool against p under c. It costs
// what Check costs on a call that every hop admits, less the evaluation of
// the call, whatever the call: every rule for the tool is canonicalized,
// and the meet is computed unless a hop has an empty bound or no rule for
// the tool.
func Prepare(p *Provenance, tool string, c Canon) *Prepared {
	pc := &Prepared{p: p, tool: tool, fold: c.Fold, names: map[string]bool{}}
	end := func(d Decision) *Prepared {
		pc.end = &d
		return pc
	}
	if d, denied := chainDenial(p); denied {
		return end(d)
	}
	for _, h := range p.Chain {
		for _, r := range h.Bound {
			if r.Tool != tool {
				continue
			}
			for n := range r.Args {
				pc.slotOf(n, c)
			}
		}
	}
	e := newEvaluator(c)
	restricted := make([]Hop, 0, len(p.Chain))
	for i, h := range p.Chain {
		rules, d, denied := hopRules(i, h, tool)
		if denied {
			return end(d)
		}
		pc.hops = append(pc.hops, e.prepareBound(pc, i, h.Component, rules, tool))
		restricted = append(restricted, Hop{Component: h.Component, Bound: rules})
	}
	eff, operands, err := meetChain(restricted, c, e.operands)
	e.operands = operands
	if err != nil {
		return end(noEffBound(err))
	}
	pc.eff = e.prepareBound(pc, -1, "", eff, tool)
	return pc
}

// slotOf returns the slot of the first reading of argument n under c,
// numbering n's readings when n is new to pc.
func (pc *Prepared) slotOf(n string, c Canon) int {
	if pc.names[n] {
		for _, a := range pc.args {
			if a.name == n {
				return a.slot
			}
		}
	}
	m := c.ModeOf(pc.tool, n)
	pc.names[n] = true
	pc.args = append(pc.args, preparedMode{n, m, pc.slots})
	pc.slots += len(readings(m))
	return pc.slots - len(readings(m))
}

// prepareBound canonicalizes the rules of b for tool as evaluator.admits
// would, with e's operands, and gives each argument its slots in pc.
func (e *evaluator) prepareBound(pc *Prepared, hop int, component string, b Bound, tool string) preparedBound {
	out := preparedBound{hop: hop, component: component}
	for i, r := range b {
		if r.Tool != tool {
			continue
		}
		pr := preparedRule{index: i, args: make([]preparedArg, 0, len(r.Args))}
		for n, con := range r.Args {
			a := preparedArg{name: n, jsonLen: con.jsonLen(), slot: pc.slotOf(n, e.canon), readings: readings(e.canon.ModeOf(tool, n))}
			for _, m := range a.readings {
				if con.Op == OpIn {
					in := scanOnce(con, m, e.canon.Fold)
					a.canon = append(a.canon, &in)
				} else {
					a.canon = append(a.canon, e.operands.get(con, m, e.canon.Fold, true))
				}
			}
			pr.args = append(pr.args, a)
		}
		sort.Slice(pr.args, func(x, y int) bool { return pr.args[x].name < pr.args[y].name })
		out.rules = append(out.rules, pr)
	}
	return out
}

// Tool is the tool pc was prepared for.
func (pc *Prepared) Tool() string { return pc.tool }

// Arguments are the arguments that some rule for the tool constrains, in
// some hop: the only ones Check reads (section 3.1). The map is pc's, to
// be read only.
func (pc *Prepared) Arguments() map[string]bool { return pc.names }

// Check is Check(p, call, c) for the chain p that pc was prepared with,
// the same decision with the same reason. A call of another tool, or a
// Canon that folds otherwise or reads an argument the rules constrain in
// another mode than pc was prepared under, is checked by Check itself.
func (pc *Prepared) Check(call Call, c Canon) Decision {
	if !pc.Serves(call.Name, c) {
		return Check(pc.p, call, c)
	}
	var inline [slotsInline]slotValue
	e := slotEvaluator{fold: c.Fold, vals: inline[:0]}
	if pc.slots <= slotsInline {
		e.vals = inline[:pc.slots]
	} else {
		e.vals = make([]slotValue, pc.slots)
	}
	for i := range pc.hops {
		h := &pc.hops[i]
		if why, ok := e.preparedAdmits(h, call); !ok {
			return outsideHop(h.hop, h.component, why)
		}
	}
	if pc.end != nil {
		return *pc.end
	}
	if why, ok := e.preparedAdmits(&pc.eff, call); !ok {
		return outsideEffBound(why)
	}
	return admitted(len(pc.p.Chain))
}

// Serves reports whether pc checks a call of tool under c by what it
// prepared: the tool it was prepared for, under a Canon that folds as the
// one it was prepared under and reads every argument the rules constrain
// in the same mode. Check falls back to bound.Check when it does not.
func (pc *Prepared) Serves(tool string, c Canon) bool {
	if tool != pc.tool || c.Fold != pc.fold {
		return false
	}
	for _, a := range pc.args {
		if c.ModeOf(tool, a.name) != a.mode {
			return false
		}
	}
	return true
}

// slotsInline is how many canonical forms of a call's arguments a
// prepared check keeps on its stack (one argument under ModeDual is two):
// past that it makes a slice of them.
const slotsInline = 4

// slotEvaluator is the evaluator of a prepared check: the call's
// arguments canonicalized, each made once a check, in the slots numbered
// when the check was prepared, and the work counted as evaluator counts
// it. It has no cache of operands: the prepared check made them.
type slotEvaluator struct {
	fold      bool
	vals      []slotValue
	work      int
	exhausted bool
}

// slotValue is one slot: made once the value was canonicalized (ok when
// it could be).
type slotValue struct {
	v        Value
	ok, made bool
}

// charge is evaluator.charge.
func (e *slotEvaluator) charge(n int) bool {
	e.work += n
	if e.work > MaxCheckWork {
		e.exhausted = true
	}
	return !e.exhausted
}

// argument is evaluator.argument with the value in slot s: made the first
// time (its size charged first), and false when it cannot be
// canonicalized or the work cap is passed.
func (e *slotEvaluator) argument(s int, r Mode, v Value) (Value, bool) {
	sv := &e.vals[s]
	if !sv.made {
		if !e.charge(valueSize(v)) {
			return Value{}, false
		}
		w, err := canonValue(v, r, e.fold)
		*sv = slotValue{w, err == nil, true}
	}
	return sv.v, sv.ok
}

// preparedAdmits is boundAdmits on a prepared bound.
func (e *slotEvaluator) preparedAdmits(b *preparedBound, call Call) (denial, bool) {
	why := denial{rule: -1, tool: call.Name}
	for i := range b.rules {
		r := &b.rules[i]
		arg, absent, ok := e.preparedRuleAdmits(r, call)
		if ok {
			return denial{}, true
		}
		if e.exhausted {
			return denial{exhausted: true}, false
		}
		why.rule, why.arg, why.absent = r.index, arg, absent
	}
	return why, false
}

// preparedRuleAdmits is ruleAdmits on a prepared rule.
func (e *slotEvaluator) preparedRuleAdmits(r *preparedRule, call Call) (arg string, absent, ok bool) {
	for i := range r.args {
		a := &r.args[i]
		v, ok := call.Arguments[a.name]
		if !ok {
			return a.name, true, false
		}
		if !e.admitsPrepared(a, v) {
			return a.name, false, false
		}
	}
	return "", false, true
}

// admitsPrepared is admits with the constraint canonicalized already: the
// same values canonicalized, the same work charged in the same order.
func (e *slotEvaluator) admitsPrepared(a *preparedArg, v Value) bool {
	for k, r := range a.readings {
		cv, ok := e.argument(a.slot+k, r, v)
		if !ok || !e.charge(a.jsonLen) {
			return false
		}
		cc := a.canon[k]
		if !e.charge(matchCost(cc, cv)) || !cc.admits(cv) {
			return false
		}
	}
	return true
}
