package bound

import (
	"fmt"
	"sort"
	"strconv"
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
	if d, denied := chainDenial(p); denied {
		return d
	}
	e := newEvaluator(c)
	restricted := make([]Hop, len(p.Chain))
	for i, h := range p.Chain {
		rules, d, denied := hopRules(i, h, call.Name)
		if denied {
			return d
		}
		if why, ok := e.boundAdmits(rules, call); !ok {
			return outsideHop(i, h.Component, why)
		}
		restricted[i] = Hop{Component: h.Component, Bound: rules}
	}
	eff, operands, err := meetChain(restricted, c, e.operands)
	e.operands = operands
	if err != nil {
		return noEffBound(err)
	}
	if why, ok := e.boundAdmits(eff, call); !ok {
		return outsideEffBound(why)
	}
	return admitted(len(p.Chain))
}

// The denials Check and Prepared.Check share, written once so that the
// two give the same reason. chainDenial is the decision on a chain that
// admits no call whatever the call (sections 2.2 and 3.1): none, another
// version, no hop.
func chainDenial(p *Provenance) (Decision, bool) {
	switch {
	case p == nil:
		return deny("no provenance chain"), true
	case p.V != Version:
		return deny("unrecognized provenance version %d", p.V), true
	case len(p.Chain) == 0:
		return deny("the chain is empty and confers no authority"), true
	}
	return Decision{}, false
}

// hopRules returns the rules of hop i for tool, or the denial of a hop
// that confers nothing for it: an empty bound (section 3.1), or no rule
// for the tool.
func hopRules(i int, h Hop, tool string) (Bound, Decision, bool) {
	if len(h.Bound) == 0 {
		return nil, deny("hop %d (%q) attached an empty bound, which confers no authority", i, h.Component), true
	}
	rules := rulesFor(h.Bound, tool)
	if len(rules) == 0 {
		return nil, deny("hop %d (%q) permits no tool %q", i, h.Component, tool), true
	}
	return rules, Decision{}, false
}

func outsideHop(i int, component string, why denial) Decision {
	return deny("outside the bound of hop %d (%q): %s", i, component, why.String())
}

func noEffBound(err error) Decision { return deny("effbound cannot be computed: %v", err) }

func outsideEffBound(why denial) Decision {
	return deny("every hop admits the call but the computed effbound does not (%s); denied", why.String())
}

// admitted is the decision to admit a call of a chain of n hops. Its
// reason is written without fmt, and for a chain within MaxHops not at
// all: an admitted call is the guard's common case, which never reads the
// reason, and on a cold processor fmt's code was about 60 of the 1,400
// last-level misses of a small call's decision (docs/PERFORMANCE.md, "The
// guard's cold call"). The text is what it was.
func admitted(n int) Decision {
	if n >= 0 && n < len(admittedReasons) {
		return Decision{Admit: true, Reason: admittedReasons[n]}
	}
	return Decision{Admit: true, Reason: admittedReason(n)}
}

func admittedReason(n int) string { return "within effbound of " + strconv.Itoa(n) + " hops" }

// admittedReasons are the reasons of admitted(n) for n up to MaxHops,
// written once.
var admittedReasons = func() (r [MaxHops + 1]string) {
	for n := range r {
		r[n] = admittedReason(n)
	}
	return r
}()

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

// denial is why a bound denies a call, kept as facts and written as text
// only when the check denies (String): a rule that fails before another
// admits costs no fmt.
type denial struct {
	exhausted bool   // the check passed MaxCheckWork
	rule      int    // the last rule for the tool that denied, or -1: none
	arg       string // the argument of that rule that failed
	absent    bool   // the argument is absent, else it fails its constraint
	tool      string // the call's tool
}

// String is the reason: the work cap, the last rule's failure, or no rule.
func (d denial) String() string {
	switch {
	case d.exhausted:
		return fmt.Sprintf("the check exceeds its work cap (%d)", MaxCheckWork)
	case d.rule < 0:
		return fmt.Sprintf("no rule for tool %q", d.tool)
	case d.absent:
		return fmt.Sprintf("rule %d: argument %q is constrained and absent", d.rule, d.arg)
	}
	return fmt.Sprintf("rule %d: argument %q does not satisfy its constraint", d.rule, d.arg)
}

func (e *evaluator) boundAdmits(b Bound, call Call) (denial, bool) {
	why := denial{rule: -1, tool: call.Name}
	for i, r := range b {
		if r.Tool != call.Name {
			continue
		}
		arg, absent, ok := e.ruleAdmits(r, call)
		if ok {
			return denial{}, true
		}
		if e.exhausted {
			return denial{exhausted: true}, false
		}
		why.rule, why.arg, why.absent = i, arg, absent
	}
	return why, false
}

// ruleAdmits is the match of section 3.1: every constrained argument is
// present and satisfies its constraint; unconstrained ones are free. When
// it does not admit, arg is the first argument (by name) that fails, and
// absent says whether it is absent.
func (e *evaluator) ruleAdmits(r Rule, call Call) (arg string, absent, ok bool) {
	names := make([]string, 0, len(r.Args))
	for n := range r.Args {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v, ok := call.Arguments[n]
		if !ok {
			return n, true, false
		}
		if !e.admits(r.Tool, n, r.Args[n], v) {
			return n, false, false
		}
	}
	return "", false, true
}
