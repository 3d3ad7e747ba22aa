package minimize

import (
	"errors"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The bound signers take a SEP-3246 provenance object (section 2.2), the
// bytes a guard parses from _meta.

// boundOutcome is what a guard makes of the chain:
//
//	bound:malformed:POINTER:REASON        Parse refused it; array indices in
//	                                      the pointer are N, so that dropping
//	                                      an earlier hop or rule keeps it, and
//	                                      REASON is the class of the reason, or
//	                                      admit:KIND for a refused admission
//	bound:effbound:empty                  the meet of the hops admits nothing
//	bound:effbound:nonempty               it admits something
//	bound:effbound:too-large              the meet exceeds bound.MaxRules
func boundOutcome(input []byte) Signature {
	p, err := bound.Parse(input)
	if err != nil {
		return Signature("bound:" + boundErrorClass(err))
	}
	eff, err := bound.EffBound(p, bound.Canon{})
	switch {
	case errors.Is(err, bound.ErrTooLarge):
		return "bound:effbound:too-large"
	case err != nil:
		return Signature("bound:effbound:" + boundErrorClass(err))
	case len(eff) == 0:
		return "bound:effbound:empty"
	}
	return "bound:effbound:nonempty"
}

// boundErrorClass names an error of package bound.
func boundErrorClass(err error) string {
	var me *bound.MalformedError
	var ae *admit.Error
	if !errors.As(err, &me) {
		return "error(" + messageClass(err.Error()) + ")"
	}
	class := "malformed:" + pointerClass(me.Pointer)
	if errors.As(err, &ae) {
		return class + ":admit:" + string(ae.Kind)
	}
	return class + ":" + messageClass(me.Reason)
}

// pointerClass replaces each array index of an RFC 6901 pointer by N.
func pointerClass(ptr string) string {
	segs := strings.Split(ptr, "/")
	for i, s := range segs {
		if s != "" && strings.Trim(s, "0123456789") == "" {
			segs[i] = "N"
		}
	}
	return strings.Join(segs, "/")
}

// maxBoundProbes caps the calls the bound failure signer checks per input.
const maxBoundProbes = 8192

// boundFailure checks that the computed effbound admits a call exactly when
// every hop's bound does (SEP-3246 section 3.3, the meet is the
// intersection), on probe calls built from the chain's own operands:
//
//	bound:meet:unsound     the effbound admits a call some hop denies
//	bound:meet:incomplete  every hop admits a call the effbound denies
//
// A chain that does not parse, or whose meet is too large, is no failure:
// a guard denies it.
//
// It checks FuzzParse's properties first (parseFailure).
func boundFailure(input []byte) Signature {
	if sig := parseFailure(input); sig != Pass {
		return sig
	}
	return meetFailure(input, bound.EffBound)
}

// meetFailure is boundFailure with the effbound computed by effbound, so
// that a planted fault can stand in for bound.EffBound in tests.
func meetFailure(input []byte, effbound func(*bound.Provenance, bound.Canon) (bound.Bound, error)) Signature {
	p, err := bound.Parse(input)
	if err != nil {
		return Pass
	}
	c := bound.Canon{}
	eff, err := effbound(p, c)
	if err != nil {
		return Pass
	}
	for _, call := range boundProbes(p) {
		all := len(p.Chain) > 0
		for _, h := range p.Chain {
			all = all && bound.BoundAdmits(h.Bound, call, c)
		}
		switch got := bound.BoundAdmits(eff, call, c); {
		case got && !all:
			return "bound:meet:unsound"
		case !got && all:
			return "bound:meet:incomplete"
		}
	}
	return Pass
}

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
