package property

import (
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The limits of a provenance object as docs and targets/bound/limits.go
// document them, written here as numbers: a property that read the
// target's constants would move with them (docs/EFFICACY.md, "A property
// that reads the constant it should check").
const (
	refMaxHops         = 64   // hops of one chain (section 2.2)
	refMaxRules        = 4096 // rules of one bound (section 3.1)
	refMaxInMembers    = 4096 // members of one "in" list (section 3.2)
	refMaxOperandBytes = 4096 // bytes of a prefix or glob operand, decoded (section 3.2)
)

// refFault is the first fault the reference reader of a provenance object
// finds: where (an RFC 6901 pointer) and which rule of SEP-3246 it broke
// (bound.Fault, chosen here by the rule, not by the parser's code).
type refFault struct {
	pointer string
	fault   bound.Fault
}

// limit says whether the fault is a documented limit passed.
func (f *refFault) limit() bool { return f.fault == bound.FaultOverLimit }

// referenceProvenance reads a decoded provenance object by SEP-3246
// section 2.2 ({"v": 1, "chain": [hop...], "sig"?}, a hop {"component":
// string, "bound": [rule...]}), section 3.1 (a rule {"tool": string,
// "args"?: {name: constraint}}) and section 3.2 (a constraint is an object
// of exactly one operator: eq any value, in an array, prefix and glob a
// string, glob valid by section 3.2.4, and a non-empty array of
// constraints), with the documented limits, slowly and on its own: no
// code of targets/bound's reader is shared, only its Value and the
// reference glob translation. It returns nil when the object is well
// formed. Faults are reported in document order, a node's own members
// before its children, as bound.Parse documents its pointer: the node, an
// unknown member, a required member missing or of the wrong type. Each
// fault names the rule it broke: a node or member of the wrong type wants
// the type its section gives (an object, an array, a string, for "v" an
// integer), a "v" that is a number but not 1 is an unknown version.
func referenceProvenance(v bound.Value) *refFault {
	return refRules{limits: true, closed: true, emptyAnd: true}.read(v)
}

// refRules are the choices a reading of the provenance object makes where
// the text leaves them open (bound.Reading): bound.Parse takes all three.
type refRules struct {
	limits   bool // the documented limits refuse what passes them
	closed   bool // a member section 2.2 or 3.1 does not list is a fault, not ignored
	emptyAnd bool // {"and": []} is a fault, not satisfied by every value
}

// read is referenceProvenance under the rules.
func (rules refRules) read(v bound.Value) *refFault {
	r := refReader{rules: rules}
	r.object(v, "", []string{"v", "chain", "sig"}, func() {
		ver, ok := r.member(v, "", "v")
		switch {
		case !ok:
		case ver.Kind != bound.KindNumber:
			r.fail("/v", bound.FaultWantInteger)
		case !refIsOne(ver.Number):
			r.fail("/v", bound.FaultUnknownVersion)
		}
		chain, ok := r.member(v, "", "chain")
		if !ok || !r.array(chain, "/chain", refMaxHops) {
			return
		}
		for i, h := range chain.Array {
			r.hop(h, "/chain/"+strconv.Itoa(i))
		}
	})
	return r.fault
}

// refReader keeps the first fault found.
type refReader struct {
	rules refRules
	fault *refFault
}

// fail keeps the fault at ptr unless one was found before it.
func (r *refReader) fail(ptr string, fault bound.Fault) {
	if r.fault == nil {
		r.fault = &refFault{pointer: ptr, fault: fault}
	}
}

// object checks that v is an object whose members are all allowed, then
// reads its members with then.
func (r *refReader) object(v bound.Value, ptr string, allowed []string, then func()) {
	if r.fault != nil {
		return
	}
	if v.Kind != bound.KindObject {
		r.fail(ptr, bound.FaultWantObject)
		return
	}
	for _, m := range v.Members {
		known := !r.rules.closed
		for _, a := range allowed {
			known = known || a == m.Name
		}
		if !known {
			r.fail(ptr+"/"+refEscape(m.Name), bound.FaultUnknownMember)
			return
		}
	}
	then()
}

// member returns the member name of v, a fault at ptr/name if absent.
func (r *refReader) member(v bound.Value, ptr, name string) (bound.Value, bool) {
	if r.fault != nil {
		return bound.Value{}, false
	}
	for _, m := range v.Members {
		if m.Name == name {
			return m.Value, true
		}
	}
	r.fail(ptr+"/"+name, bound.FaultMissing)
	return bound.Value{}, false
}

// array checks that v is an array of at most max elements.
func (r *refReader) array(v bound.Value, ptr string, max int) bool {
	switch {
	case r.fault != nil:
		return false
	case v.Kind != bound.KindArray:
		r.fail(ptr, bound.FaultWantArray)
		return false
	case r.rules.limits && len(v.Array) > max:
		r.fail(ptr, bound.FaultOverLimit)
		return false
	}
	return true
}

func (r *refReader) hop(h bound.Value, ptr string) {
	r.object(h, ptr, []string{"component", "bound"}, func() {
		if c, ok := r.member(h, ptr, "component"); ok && c.Kind != bound.KindString {
			r.fail(ptr+"/component", bound.FaultWantString)
		}
		b, ok := r.member(h, ptr, "bound")
		if !ok || !r.array(b, ptr+"/bound", refMaxRules) {
			return
		}
		for i, rule := range b.Array {
			r.rule(rule, ptr+"/bound/"+strconv.Itoa(i))
		}
	})
}

func (r *refReader) rule(v bound.Value, ptr string) {
	r.object(v, ptr, []string{"tool", "args"}, func() {
		if t, ok := r.member(v, ptr, "tool"); ok && t.Kind != bound.KindString {
			r.fail(ptr+"/tool", bound.FaultWantString)
		}
		for _, m := range v.Members {
			if m.Name != "args" || r.fault != nil {
				continue
			}
			if m.Value.Kind != bound.KindObject {
				r.fail(ptr+"/args", bound.FaultWantObject)
				return
			}
			for _, a := range m.Value.Members {
				r.constraint(a.Value, ptr+"/args/"+refEscape(a.Name))
			}
		}
	})
}

func (r *refReader) constraint(v bound.Value, ptr string) {
	switch {
	case r.fault != nil:
		return
	case v.Kind != bound.KindObject:
		r.fail(ptr, bound.FaultWantObject)
		return
	case len(v.Members) == 0:
		r.fail(ptr, bound.FaultOperatorCount)
		return
	case len(v.Members) > 1:
		r.fail(ptr+"/"+refEscape(v.Members[1].Name), bound.FaultOperatorCount)
		return
	}
	op, arg := v.Members[0].Name, v.Members[0].Value
	at := ptr + "/" + refEscape(op)
	switch op {
	case "eq":
	case "in":
		r.array(arg, at, refMaxInMembers)
	case "prefix", "glob":
		switch {
		case arg.Kind != bound.KindString:
			r.fail(at, bound.FaultWantString)
		case r.rules.limits && len(arg.Str) > refMaxOperandBytes:
			r.fail(at, bound.FaultOverLimit)
		case op == "glob":
			if _, err := bound.ReferenceGlob(arg.Str); err != nil {
				r.fail(at, bound.FaultInvalidGlob)
			}
		}
	case "and":
		if !r.array(arg, at, int(^uint(0)>>1)) {
			return
		}
		if len(arg.Array) == 0 && r.rules.emptyAnd {
			r.fail(at, bound.FaultEmptyAnd)
		}
		for i, e := range arg.Array {
			r.constraint(e, at+"/"+strconv.Itoa(i))
		}
	default:
		r.fail(at, bound.FaultUnknownOperator)
	}
}

// refEscape escapes a pointer token (RFC 6901 section 3).
func refEscape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// refIsOne reports whether a JSON number token is the integer 1, however
// written (1, 1.0, 10e-1, 0.1E+1): its significant digits are "1" and the
// decimal point falls right after them.
func refIsOne(num string) bool {
	if strings.HasPrefix(num, "-") {
		return false
	}
	mant, exp, _ := strings.Cut(strings.ToLower(num), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	e := 0
	if exp != "" {
		n, err := strconv.Atoi(exp)
		if err != nil {
			return false // past an int: the value is 0, or far from 1
		}
		e = n
	}
	digits := intPart + frac
	point := len(intPart) + e
	for len(digits) > 0 && digits[0] == '0' {
		digits, point = digits[1:], point-1
	}
	return strings.TrimRight(digits, "0") == "1" && point == 1
}
