package bound

import (
	"fmt"
	"sort"
)

// Decision is the verdict on one call, with a reason for the audit log and
// the error message.
type Decision struct {
	Admit  bool
	Reason string
}

func deny(format string, args ...any) Decision {
	return Decision{Reason: fmt.Sprintf(format, args...)}
}

// Check decides whether call lies within effbound(p) (SEP-3246 section 4.2).
// It admits only if every hop's bound admits the call and the meet of the
// hops' bounds, restricted to the call's tool, admits it too: the first is
// the definition of the intersection, the second is the computed effbound,
// and a disagreement between them denies. A nil provenance, an empty chain
// and a hop with an empty bound admit nothing (section 3.1).
func Check(p *Provenance, call Call, c Canon) Decision {
	if p == nil {
		return deny("no provenance chain")
	}
	if p.V != Version {
		return deny("unrecognized provenance version %d", p.V)
	}
	if len(p.Chain) == 0 {
		return deny("the chain is empty and confers no authority")
	}
	e := newEvaluator(c)
	restricted := make([]Hop, len(p.Chain))
	for i, h := range p.Chain {
		if len(h.Bound) == 0 {
			return deny("hop %d (%q) attached an empty bound, which confers no authority", i, h.Component)
		}
		rules := rulesFor(h.Bound, call.Name)
		if len(rules) == 0 {
			return deny("hop %d (%q) permits no tool %q", i, h.Component, call.Name)
		}
		if why, ok := e.boundAdmits(rules, call); !ok {
			return deny("outside the bound of hop %d (%q): %s", i, h.Component, why)
		}
		restricted[i] = Hop{Component: h.Component, Bound: rules}
	}
	eff, operands, err := meetChain(restricted, c, e.operands)
	e.operands = operands
	if err != nil {
		return deny("effbound cannot be computed: %v", err)
	}
	if why, ok := e.boundAdmits(eff, call); !ok {
		return deny("every hop admits the call but the computed effbound does not (%s); denied", why)
	}
	return Decision{Admit: true, Reason: fmt.Sprintf("within effbound of %d hops", len(p.Chain))}
}

// rulesFor returns the rules of b for tool: b itself, or the run of b
// they are, when they are one (the rules of a hop for one tool are
// usually written together, often all of them), else a copy.
func rulesFor(b Bound, tool string) Bound {
	lo, hi, n := len(b), 0, 0
	for i, r := range b {
		if r.Tool == tool {
			lo, hi, n = min(lo, i), i+1, n+1
		}
	}
	if hi-lo == n {
		return b[lo:hi:hi]
	}
	rules := make(Bound, 0, n)
	for _, r := range b {
		if r.Tool == tool {
			rules = append(rules, r)
		}
	}
	return rules
}

// BoundAdmits reports whether some rule of b admits call (section 3.1).
func BoundAdmits(b Bound, call Call, c Canon) bool {
	_, ok := newEvaluator(c).boundAdmits(b, call)
	return ok
}

func (e *evaluator) boundAdmits(b Bound, call Call) (string, bool) {
	why := ""
	for i, r := range b {
		if r.Tool != call.Name {
			continue
		}
		w, ok := e.ruleAdmits(r, call)
		if ok {
			return "", true
		}
		if e.exhausted {
			return fmt.Sprintf("the check exceeds its work cap (%d)", MaxCheckWork), false
		}
		why = fmt.Sprintf("rule %d: %s", i, w)
	}
	if why == "" {
		why = fmt.Sprintf("no rule for tool %q", call.Name)
	}
	return why, false
}

// ruleAdmits is the match of section 3.1: every constrained argument is
// present and satisfies its constraint; unconstrained ones are free.
func (e *evaluator) ruleAdmits(r Rule, call Call) (string, bool) {
	names := make([]string, 0, len(r.Args))
	for n := range r.Args {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v, ok := call.Arguments[n]
		if !ok {
			return fmt.Sprintf("argument %q is constrained and absent", n), false
		}
		if !e.admits(r.Tool, n, r.Args[n], v) {
			return fmt.Sprintf("argument %q does not satisfy its constraint", n), false
		}
	}
	return "", true
}
