package property

import (
	"errors"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ProvenanceReader is what a guard does with a provenance object (SEP-3246
// section 2.2): bound.Parse and bound.EffBound, or a planted variant of
// either.
type ProvenanceReader struct {
	Parse    func(raw []byte) (*bound.Provenance, error)
	EffBound func(p *bound.Provenance, c bound.Canon) (bound.Bound, error)
}

// ProvenanceParsesAndMeets, for any bytes: Parse refuses only with
// bound.ErrMalformed (class parse:untyped-refusal); an accepted
// provenance marshals (parse:marshal-error) to a form Parse accepts
// (parse:marshalled-refused) and that marshals to itself
// (parse:not-fixed-point); EffBound fails only for size
// (parse:effbound-error); Check runs on a call of every rule, and a check
// prepared for the chain (bound.Prepare) decides it and every probe call
// below as Check does (check:prepared-differs); and the
// effbound is the meet of the hops (section 3.3): on probe calls built
// from the chain's own operands it admits a call exactly when every hop's
// bound does (meet:unsound, meet:incomplete). A panic anywhere is the
// engine's to report. Before all that, Parse is held to the reference
// reader of section 2.2 and 3.2 (provenanceMatchesReference).
func ProvenanceParsesAndMeets(r ProvenanceReader, raw []byte) *Violation {
	const name = "ProvenanceParsesAndMeets"
	p, err := r.Parse(raw)
	if v := provenanceMatchesReference(name, raw, err); v != nil {
		return v
	}
	if err != nil {
		if !errors.Is(err, bound.ErrMalformed) {
			return violated(name, "parse:untyped-refusal", "%T %v", err, err)
		}
		return nil
	}
	out, err := p.MarshalJSON()
	if err != nil {
		return violated(name, "parse:marshal-error", "%v", err)
	}
	q, err := r.Parse(out)
	if err != nil {
		return violated(name, "parse:marshalled-refused", "the marshalled form %s is refused: %v", out, err)
	}
	if again, _ := q.MarshalJSON(); string(again) != string(out) {
		return violated(name, "parse:not-fixed-point", "%s, then %s", out, again)
	}
	if !meetCheckable(p) {
		return nil
	}
	c := bound.Canon{}
	eff, err := r.EffBound(p, c)
	if err != nil {
		if !errors.Is(err, bound.ErrTooLarge) {
			return violated(name, "parse:effbound-error", "%v", err)
		}
		return nil
	}
	prepared := preparedChecks{}
	for _, h := range p.Chain {
		for _, rule := range h.Bound {
			args := map[string]bound.Value{}
			for a := range rule.Args {
				args[a] = bound.String("a/b")
			}
			call, hc := bound.Call{Name: rule.Tool, Arguments: args}, bound.Canon{Schemas: bound.Schemas{rule.Tool: {"a": bound.ModeHierarchical}}}
			if v := prepared.checkAsCheck(name, p, call, hc); v != nil {
				return v
			}
		}
	}
	for _, call := range boundProbes(p) {
		if v := prepared.checkAsCheck(name, p, call, c); v != nil {
			return v
		}
		all := len(p.Chain) > 0
		for _, h := range p.Chain {
			all = all && bound.BoundAdmits(h.Bound, call, c)
		}
		switch got := bound.BoundAdmits(eff, call, c); {
		case got && !all:
			return violated(name, "meet:unsound", "the effbound admits %+v, which a hop denies", call)
		case !got && all:
			return violated(name, "meet:incomplete", "every hop admits %+v, the effbound denies it", call)
		}
	}
	return nil
}

// preparedChecks are the prepared checks of one chain, by tool and
// whether the Canon is the hierarchical one.
type preparedChecks map[preparedKey]*bound.Prepared

type preparedKey struct {
	tool string
	hier bool
}

// checkAsCheck holds the chain's prepared check of call's tool (made once
// for each tool and Canon, and checking every call after) to bound.Check:
// the same decision with the same reason (check:prepared-differs).
func (pcs preparedChecks) checkAsCheck(name string, p *bound.Provenance, call bound.Call, c bound.Canon) *Violation {
	k := preparedKey{call.Name, c.Schemas != nil}
	pc := pcs[k]
	if pc == nil {
		pc = bound.Prepare(p, call.Name, c)
		pcs[k] = pc
	}
	if got, want := pc.Check(call, c), bound.Check(p, call, c); got != want {
		return violated(name, "check:prepared-differs", "%+v: prepared %+v, Check %+v", call, got, want)
	}
	return nil
}

// provenanceMatchesReference holds Parse's answer err on raw to the slow
// readers: bytes admit.Reference refuses are refused for that cause, an
// *admit.Error (class parse:cause-not-admission); an admitted document is
// accepted or refused as referenceProvenance reads it
// (parse:accepts-malformed, parse:refuses-well-formed), at the same
// pointer (parse:pointer-differs), for breaking the same rule of SEP-3246
// section 2.2, 3.1 or 3.2 (bound.Fault; class parse:fault:F, F the
// reference's fault: a "v" that is not a number refused as an unknown
// version is FaultUnknownVersion at the reference's pointer where the
// reference says FaultWantInteger) and as a limit passed exactly when the
// reference passes one (parse:limit-differs). A document DecodeAdmitted
// refuses (past MaxValues) is left to the checks after. DecodeAdmitted is
// strict on bytes nobody admitted, as it documents: what admission refuses
// for syntax, trailing content or a duplicate name it refuses too
// (decode:lenient).
func provenanceMatchesReference(name string, raw []byte, err error) *Violation {
	if aerr := admit.Reference(raw, admit.Options{}); aerr != nil {
		var ae *admit.Error
		if !errors.As(err, &ae) {
			return violated(name, "parse:cause-not-admission", "admission refuses (%v); Parse: %v", aerr, err)
		}
		errors.As(aerr, &ae)
		switch ae.Kind {
		case admit.Syntax, admit.TrailingContent, admit.DuplicateMember:
			if v, derr := bound.DecodeAdmitted(raw); derr == nil {
				return violated(name, "decode:lenient", "admission refuses (%v); DecodeAdmitted reads %s", aerr, v.Kind)
			}
		}
		return nil
	}
	v, derr := bound.DecodeAdmitted(raw)
	if derr != nil {
		return nil
	}
	ref := referenceProvenance(v)
	var me *bound.MalformedError
	switch {
	case ref == nil && err != nil:
		return violated(name, "parse:refuses-well-formed", "the reference reads it; Parse: %v", err)
	case ref == nil:
		return nil
	case err == nil:
		return violated(name, "parse:accepts-malformed", "the reference finds a fault at %q", ref.pointer)
	case !errors.As(err, &me) || me.Pointer != ref.pointer:
		return violated(name, "parse:pointer-differs", "Parse: %v; the reference's fault is at %q", err, ref.pointer)
	case me.Fault != ref.fault:
		return violated(name, "parse:fault:"+ref.fault.String(), "Parse: %v (%v); the reference's fault at %q is %v", err, me.Fault, ref.pointer, ref.fault)
	case errors.Is(err, bound.ErrTooLarge) != ref.limit():
		return violated(name, "parse:limit-differs", "Parse: %v; the reference passes a limit: %v", err, ref.limit())
	}
	return nil
}

// meetCheckable says whether the effbound and the probe calls of p are
// checked: fewer than 32 hops, at most 1024 rules a hop, "in" lists of at
// most 1024 values and operands of at most 2 KiB, which keeps out every
// document gen.GenerateFlawedProvenance builds at a documented limit (64
// hops, 4096 rules, "in" members or operand bytes) and keeps in the
// minimizer's pair of 200-rule bounds (TestMeasurePlantedUnsoundMeet).
// The documents at a limit took up to 71 s an input in the meet and the
// probes (2026-12-05: 333 such inputs, 4 min 56 s in all), which stalled
// the engine on every other input; they are held to the parse checks
// above.
func meetCheckable(p *bound.Provenance) bool {
	if len(p.Chain) >= 32 {
		return false
	}
	for _, h := range p.Chain {
		if len(h.Bound) > 1024 {
			return false
		}
		for _, r := range h.Bound {
			for _, c := range r.Args {
				if !constraintCheckable(c) {
					return false
				}
			}
		}
	}
	return true
}

func constraintCheckable(c bound.Constraint) bool {
	if len(c.Values) > 1024 || len(c.Operand) > 2<<10 || len(c.And) > 1024 {
		return false
	}
	for _, k := range c.And {
		if !constraintCheckable(k) {
			return false
		}
	}
	return true
}

// maxBoundProbes caps the calls the bound failure signer checks per input.
const maxBoundProbes = 8192

// boundProbes builds calls from the rules of every hop: for each rule, a
// call with a witness for each of its constrained arguments, and that call
// with one argument changed to each value any rule of the tool names for it.
func boundProbes(p *bound.Provenance) []bound.Call {
	values := map[string]map[string][]bound.Value{} // tool, argument
	var rules []bound.Rule
	for _, h := range p.Chain {
		for _, r := range h.Bound {
			rules = append(rules, r)
			if values[r.Tool] == nil {
				values[r.Tool] = map[string][]bound.Value{}
			}
			for _, name := range sortedArgs(r) {
				values[r.Tool][name] = append(values[r.Tool][name], operandValues(r.Args[name])...)
			}
		}
	}
	var calls []bound.Call
	add := func(call bound.Call) bool {
		calls = append(calls, call)
		return len(calls) < maxBoundProbes
	}
	for _, r := range rules {
		base := bound.Call{Name: r.Tool, Arguments: map[string]bound.Value{}}
		for _, name := range sortedArgs(r) {
			if vs := operandValues(r.Args[name]); len(vs) > 0 {
				base.Arguments[name] = vs[0]
			}
		}
		if !add(base) {
			return calls
		}
		names := make([]string, 0, len(values[r.Tool]))
		for name := range values[r.Tool] {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			for _, v := range values[r.Tool][name] {
				call := bound.Call{Name: r.Tool, Arguments: map[string]bound.Value{}}
				for k, w := range base.Arguments {
					call.Arguments[k] = w
				}
				call.Arguments[name] = v
				if !add(call) {
					return calls
				}
			}
		}
	}
	return calls
}

func sortedArgs(r bound.Rule) []string {
	names := make([]string, 0, len(r.Args))
	for n := range r.Args {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// operandValues returns values near the edge of a constraint: its eq and in
// values, a prefix and the prefix extended, a glob's literal reading.
func operandValues(c bound.Constraint) []bound.Value {
	switch c.Op {
	case bound.OpEq:
		return []bound.Value{c.Value}
	case bound.OpIn:
		return c.Values
	case bound.OpPrefix:
		return []bound.Value{bound.String(c.Operand), bound.String(c.Operand + "x"), bound.String(c.Operand + "/x")}
	case bound.OpGlob:
		return []bound.Value{bound.String(globWitness(c.Operand)), bound.String(globWitness(c.Operand) + "/")}
	case bound.OpAnd:
		var vs []bound.Value
		for _, k := range c.And {
			vs = append(vs, operandValues(k)...)
		}
		return vs
	}
	return nil
}

// globWitness reads a glob literally, with each wildcard taken as "a" (or
// nothing, for a star) and each class as its first character.
func globWitness(pattern string) string {
	var b strings.Builder
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '*':
		case '?':
			b.WriteByte('a')
		case '\\':
			if i+1 < len(rs) {
				i++
				b.WriteRune(rs[i])
			}
		case '[':
			j := i + 1
			if j < len(rs) && (rs[j] == '!' || rs[j] == '^') {
				j++
			}
			if j < len(rs) {
				b.WriteRune(rs[j])
			}
			for i = j; i < len(rs) && rs[i] != ']'; i++ {
			}
		default:
			b.WriteRune(rs[i])
		}
	}
	return b.String()
}
