package matrix

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// A guard's departure from the model is classed by its cause, so that one
// corner is one class and its minimized example cannot wander into
// another's (issue 12: a glob whose '*' must not cross '/' met with a
// prefix; a meet that compares operands as written, before they are
// canonicalized). The diagnosis of an unsound or over-restrictive answer
// on a chain and a call that both parse is
//
//	READING/FAULT(SHAPE)[STEPS]
//
// READING is "path" when the guard departs even from the model of a
// deployment that declares the argument a path (modelReading), and
// "plain" when it departs only because the argument is not declared one:
// the guard reads an undeclared string as a path
// (findings/spec/canon-undeclared-path.md), which, left in, would swallow
// every other cause, since a meet fault on paths is also a misreading of
// the plain string. The rest is judged by that reading's model. The
// witness is the smallest part of the chain on which the guard still
// departs the same way (one rule of one hop, then one rule of each of two
// hops, then whole hops: SEP-3246 section 3.3's meet is over hops, section
// 3.1's union over rules). FAULT is "check" when the witness has one hop
// (the guard misjudges one bound: its canonicalization or its operator) and
// "meet" when it has more (every hop alone is judged right; the
// intersection is wrong). SHAPE is the witness's operators, hop by hop
// ("glob|prefix"; "and[eq,glob]" for a conjunction). STEPS is the
// canonicalization step at fault (canonSteps): the first of those present,
// in the order of section 3.2.2, that alone keeps the departure once every
// other step has been applied to every operand and argument; when none
// does alone, the fewest that do together, joined by '+'; empty when the
// departure outlives every step applied. An undecided answer (the guard
// raised) has no READING: its witness keeps the guard's message. A
// departure on a chain or a call that does not parse, or a breakdown, has
// no witness: its diagnosis is "-" and its class is its reason.

// canonStep is one step of SEP-3246 section 3.2.2 canonicalization (or one
// reading that a guard may get wrong), as an intervention on a decoded
// string: present says the string is not yet in the step's canonical form,
// apply puts it there. They are applied in this order.
type canonStep struct {
	name    string
	present func(string) bool
	apply   func(string) string
}

var canonSteps = []canonStep{
	{"nfc", notNFC, nfc}, // Unicode normalization
	{"pct-malformed", hasMalformedPercent, dropMalformedPercent},                             // a '%' that starts no octet, which section 3.2.2 refuses
	{"pct", hasPercentOctet, decodePercentOctets},                                            // percent-decoding
	{"dot", hasDotSegment, resolveDotSegments},                                               // "." and ".." segments
	{"dslash", func(s string) bool { return strings.Contains(s, "//") }, collapseSeparators}, // repeated separators
	{"tslash", hasTrailingSeparator, trimTrailingSeparators},                                 // a trailing separator
	{"case", func(s string) bool { return lowerOutsideOctets(s) != s }, lowerOutsideOctets},  // case folding
}

// typeStep is the intervention on types: a number, boolean or null
// argument or eq/in operand written as the string of its text, so that a
// guard that compares true with 1 no longer can.
const typeStep = "type"

// judge asks one guard and the model and remembers their answers (within
// one reduction, where the same parts of a chain are asked again and
// again).
type judge struct {
	g     Guard
	memo  map[string]answer
	model map[string]modelAnswer
}

type modelAnswer struct {
	admits bool
	reason string
}

func newJudge(g Guard) *judge {
	return &judge{g: g, memo: map[string]answer{}, model: map[string]modelAnswer{}}
}

// judgeMemo bounds what a judge remembers.
const judgeMemo = 1 << 16

func (j *judge) ask(provenance, params []byte) answer {
	key := string(provenance) + "\x00" + string(params)
	if a, ok := j.memo[key]; ok {
		return a
	}
	a := ask(j.g, provenance, params)
	if len(j.memo) < judgeMemo {
		j.memo[key] = a
	}
	return a
}

func (j *judge) modelReading(provenance, params []byte, asPath bool) (bool, string) {
	key := string(provenance) + "\x00" + string(params)
	if asPath {
		key += "\x00path"
	}
	if m, ok := j.model[key]; ok {
		return m.admits, m.reason
	}
	admits, reason := modelReading(provenance, params, asPath)
	if len(j.model) < judgeMemo {
		j.model[key] = modelAnswer{admits, reason}
	}
	return admits, reason
}

// departure is how the guard's answer departs from the model of a
// reading (modelReading), or "".
func (j *judge) departure(provenance, params []byte, asPath bool) (kind, reason string) {
	admits, why := j.modelReading(provenance, params, asPath)
	return departure(j.ask(provenance, params), admits, why)
}

// verdict is a classified departure: kind, reason (Model's, or the
// guard's message), diagnosis, the witness provenance the diagnosis is
// of, and the reading it was judged by.
type verdict struct {
	kind, reason, diag string
	witness            []byte
	asPath             bool
}

// signature is the class of a verdict.
func (v verdict) signature() string { return v.kind + ":" + v.reason + ":" + v.diag }

// departsAs reports whether the guard departs on a chain and call as v
// does: the same kind under Model (what a replay checks) and under v's
// reading, and for an undecided answer the same message.
func (j *judge) departsAs(v verdict, provenance, params []byte) (bool, string) {
	k, r := j.departure(provenance, params, false)
	if k != v.kind || k == KindUndecided && r != v.reason {
		return false, r
	}
	if v.asPath {
		if k2, _ := j.departure(provenance, params, true); k2 != v.kind {
			return false, r
		}
	}
	return true, r
}

// classify judges one chain and call and, for a departure, finds its
// reading, witness and diagnosis.
func (j *judge) classify(provenance, params []byte) verdict {
	kind, reason := j.departure(provenance, params, false)
	v := verdict{kind: kind, reason: reason, diag: "-", witness: provenance}
	if kind == "" || kind == KindBreakdown || !wellFormed(provenance, params) {
		return v
	}
	c, ok := splitChain(provenance)
	if !ok {
		return v
	}
	prefix := ""
	if kind != KindUndecided {
		v.asPath, _ = j.departsAs(verdict{kind: kind, asPath: true}, provenance, params)
		prefix = map[bool]string{true: "path/", false: "plain/"}[v.asPath]
	}
	for _, sub := range c.parts() {
		if ok, r := j.departsAs(v, sub, params); ok {
			v.witness, v.reason = sub, r
			break
		}
	}
	w, _ := splitChain(v.witness)
	fault := "check"
	if len(w.hops) > 1 {
		fault = "meet"
	}
	v.diag = prefix + fault + "(" + w.shape() + ")[" + j.stepsAtFault(v, params) + "]"
	return v
}

// wellFormed reports whether the model reads the chain (version 1, not
// empty) and the call.
func wellFormed(provenance, params []byte) bool {
	p, err := bound.Parse(provenance)
	if err != nil || p.V != bound.Version || len(p.Chain) == 0 {
		return false
	}
	_, err = bound.ParseCall(params)
	return err == nil
}

// stepsAtFault names the canonicalization steps at fault in v's witness
// under params (see the package comment above).
func (j *judge) stepsAtFault(v verdict, params []byte) string {
	strs := append(stringsUnder(v.witness, "args"), stringsUnder(params, "arguments")...)
	var present []string
	for _, st := range canonSteps {
		if slices.ContainsFunc(strs, st.present) {
			present = append(present, st.name)
		}
	}
	if hasNonString(v.witness, "args") || hasNonString(params, "arguments") {
		present = append(present, typeStep)
	}
	if len(present) == 0 {
		return ""
	}
	// left(k) reports whether the departure survives with only the steps
	// of k left undone: every other step applied, present or not (one step
	// can make another's work: resolving "/srv//." leaves "/srv/").
	all := []string{typeStep}
	for _, st := range canonSteps {
		all = append(all, st.name)
	}
	left := func(k []string) bool {
		done := without(all, k...)
		ok, _ := j.departsAs(v, applySteps(v.witness, "args", done), applySteps(params, "arguments", done))
		return ok
	}
	if left(nil) {
		return "" // no step: the departure outlives canonical operands and values
	}
	for _, s := range present {
		if left([]string{s}) {
			return s // the first step that alone keeps it
		}
	}
	k := present // none alone: the smallest set found by leaving out what is not needed
	for _, s := range present {
		if left(without(k, s)) {
			k = without(k, s)
		}
	}
	return strings.Join(k, "+")
}

// without returns list less the given elements.
func without(list []string, drop ...string) []string {
	var out []string
	for _, x := range list {
		if !slices.Contains(drop, x) {
			out = append(out, x)
		}
	}
	return out
}

// applySteps applies the named steps, in canonSteps order, to every string
// under the members named under, and the type step to every other scalar.
func applySteps(b []byte, under string, steps []string) []byte {
	out, ok := rewriteStrings(b, under, func(s string) string {
		for _, st := range canonSteps {
			if slices.Contains(steps, st.name) {
				s = st.apply(s)
			}
		}
		return s
	})
	if !ok {
		return b
	}
	if slices.Contains(steps, typeStep) {
		out = stringifyScalars(out, under)
	}
	return out
}

// chainText is a provenance object taken apart: its members, each hop's
// members and each hop's rules, as raw text.
type chainText struct {
	top   []member
	hops  [][]member
	rules [][]json.RawMessage
}

// splitChain takes a provenance text apart; ok is false when it has no
// "chain" array of hops with "bound" arrays.
func splitChain(provenance []byte) (c chainText, ok bool) {
	if c.top, ok = splitObject(provenance); !ok {
		return c, false
	}
	raw, ok := get(c.top, "chain")
	if !ok {
		return c, false
	}
	hops, ok := splitArray(raw)
	if !ok {
		return c, false
	}
	for _, h := range hops {
		ms, ok := splitObject(h)
		if !ok {
			return c, false
		}
		b, ok := get(ms, "bound")
		if !ok {
			return c, false
		}
		rules, ok := splitArray(b)
		if !ok {
			return c, false
		}
		c.hops, c.rules = append(c.hops, ms), append(c.rules, rules)
	}
	return c, true
}

// pick is a part of a chain: hop, and rule (-1: every rule of the hop),
// written as is or, when as is not nil, as as.
type pick struct {
	hop, rule int
	as        json.RawMessage
}

// sub writes the chain made of the picked parts, in chain order, every
// other member as it was.
func (c chainText) sub(picks []pick) []byte {
	hops := make([]json.RawMessage, len(picks))
	for i, p := range picks {
		rules := c.rules[p.hop]
		switch {
		case p.as != nil:
			rules = []json.RawMessage{p.as}
		case p.rule >= 0:
			rules = rules[p.rule : p.rule+1]
		}
		hops[i] = joinObject(with(c.hops[p.hop], "bound", joinArray(rules)))
	}
	return joinObject(with(c.top, "chain", joinArray(hops)))
}

// parts are the candidate witnesses, smallest first: one rule of one hop
// with a conjunction narrowed to one of its members; one rule of one hop;
// one rule of each of two hops; one whole hop; two whole hops; and, for a
// longer chain, the chain itself.
func (c chainText) parts() [][]byte {
	var out [][]byte
	n := len(c.hops)
	for i := range n {
		for r, rule := range c.rules[i] {
			for _, narrow := range conjunctsOf(rule) {
				out = append(out, c.sub([]pick{{i, r, narrow}}))
			}
		}
	}
	for i := range n {
		for r := range c.rules[i] {
			out = append(out, c.sub([]pick{{i, r, nil}}))
		}
	}
	for i := range n {
		for k := i + 1; k < n; k++ {
			for r := range c.rules[i] {
				for s := range c.rules[k] {
					out = append(out, c.sub([]pick{{i, r, nil}, {k, s, nil}}))
				}
			}
		}
	}
	for i := range n {
		if len(c.rules[i]) > 1 {
			out = append(out, c.sub([]pick{{i, -1, nil}}))
		}
	}
	for i := range n {
		for k := i + 1; k < n; k++ {
			if len(c.rules[i]) > 1 || len(c.rules[k]) > 1 {
				out = append(out, c.sub([]pick{{i, -1, nil}, {k, -1, nil}}))
			}
		}
	}
	if n > 2 {
		picks := make([]pick, n)
		for i := range picks {
			picks[i] = pick{i, -1, nil}
		}
		out = append(out, c.sub(picks))
	}
	return out
}

// conjunctsOf returns the rule with one "and" constraint replaced by one
// of its members, for every such constraint and member.
func conjunctsOf(rule []byte) []json.RawMessage {
	ms, _ := splitObject(rule)
	args, ok := get(ms, "args")
	if !ok {
		return nil
	}
	cs, _ := splitObject(args)
	var out []json.RawMessage
	for _, c := range cs {
		op, _ := splitObject(c.value)
		if len(op) != 1 || op[0].name != string(bound.OpAnd) {
			continue
		}
		members, _ := splitArray(op[0].value)
		for _, m := range members {
			out = append(out, joinObject(with(ms, "args", joinObject(with(cs, c.name, m)))))
		}
	}
	return out
}

// shape names the operators of a chain: hops by "|", the rules of a hop
// by ",", the constrained arguments of a rule by "&" ("any" for a rule
// without), a conjunction as and[...].
func (c chainText) shape() string {
	hops := make([]string, len(c.hops))
	for i, rules := range c.rules {
		names := make([]string, len(rules))
		for r, rule := range rules {
			names[r] = ruleShape(rule)
		}
		hops[i] = strings.Join(names, ",")
	}
	return strings.Join(hops, "|")
}

func ruleShape(rule []byte) string {
	ms, _ := splitObject(rule)
	args, ok := get(ms, "args")
	if !ok {
		return "any"
	}
	cs, _ := splitObject(args)
	if len(cs) == 0 {
		return "any"
	}
	ops := make([]string, len(cs))
	for i, m := range cs {
		ops[i] = constraintShape(m.value)
	}
	return strings.Join(ops, "&")
}

func constraintShape(c []byte) string {
	ms, ok := splitObject(c)
	if !ok || len(ms) == 0 {
		return "?"
	}
	op := ms[0].name
	if op != string(bound.OpAnd) {
		return op
	}
	es, _ := splitArray(ms[0].value)
	inner := make([]string, len(es))
	for i, e := range es {
		inner[i] = constraintShape(e)
	}
	return "and[" + strings.Join(inner, ",") + "]"
}

// shapeOfDiagnosis returns the fault and shape of a diagnosis, or ok false
// for "-".
func shapeOfDiagnosis(diag string) (fault, shape string, ok bool) {
	for _, reading := range []string{"path/", "plain/"} {
		diag = strings.TrimPrefix(diag, reading)
	}
	fault, rest, ok := strings.Cut(diag, "(")
	if !ok {
		return "", "", false
	}
	i := strings.LastIndex(rest, ")[")
	if i < 0 {
		return "", "", false
	}
	return fault, rest[:i], true
}
