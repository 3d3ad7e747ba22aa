package bound

import "strconv"

// Parse reads the raw bytes of a provenance object (SEP-3246 section 2.2):
// admission by targets/admit, then a strict decode. Every fault is a
// *MalformedError with a JSON pointer to it; section 4.3 makes a malformed
// chain a violation, so a caller that gets an error admits nothing.
func Parse(raw []byte) (*Provenance, error) {
	v, err := ParseValue(raw)
	if err != nil {
		return nil, err
	}
	return ProvenanceFromValue(v)
}

// ProvenanceFromValue is Parse on an already admitted and decoded value,
// for a guard that has decoded the whole message.
func ProvenanceFromValue(v Value) (*Provenance, error) {
	if v.Kind != KindObject {
		return nil, malformed("", FaultWantObject, "provenance must be an object, not %v", v.Kind)
	}
	if err := onlyMembers(v, "", "v", "chain", "sig"); err != nil {
		return nil, err
	}
	ver, ok := v.Get("v")
	if !ok {
		return nil, malformed("/v", FaultMissing, "v is required")
	}
	if ver.Kind != KindNumber {
		return nil, malformed("/v", FaultWantInteger, "v must be an integer, not %v", ver.Kind)
	}
	if k, err := decimalKey(ver.Number); err != nil || k != "1e0" {
		return nil, malformed("/v", FaultUnknownVersion, "unrecognized version %s (this guard implements v: %d)", ver.Number, Version)
	}
	chain, ok := v.Get("chain")
	if !ok {
		return nil, malformed("/chain", FaultMissing, "chain is required")
	}
	if chain.Kind != KindArray {
		return nil, malformed("/chain", FaultWantArray, "chain must be an array, not %v", chain.Kind)
	}
	if len(chain.Array) > MaxHops {
		return nil, overLimit("/chain", "hops", MaxHops)
	}
	p := &Provenance{V: Version, Chain: make([]Hop, 0, len(chain.Array))}
	for i, h := range chain.Array {
		hop, err := hopFromValue(h, "/chain/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		p.Chain = append(p.Chain, hop)
	}
	return p, nil
}

func hopFromValue(v Value, ptr string) (Hop, error) {
	if v.Kind != KindObject {
		return Hop{}, malformed(ptr, FaultWantObject, "a hop must be an object, not %v", v.Kind)
	}
	if err := onlyMembers(v, ptr, "component", "bound"); err != nil {
		return Hop{}, err
	}
	component, err := requiredString(v, ptr, "component")
	if err != nil {
		return Hop{}, err
	}
	b, ok := v.Get("bound")
	if !ok {
		return Hop{}, malformed(ptr+"/bound", FaultMissing, "bound is required")
	}
	bound, err := boundFromValue(b, ptr+"/bound")
	if err != nil {
		return Hop{}, err
	}
	return Hop{Component: component, Bound: bound}, nil
}

// requiredString reads the string member name of the object v at ptr (a
// hop's component, section 2.2; a rule's tool, section 3.1): absent or not
// a string is malformed, at the member's pointer.
func requiredString(v Value, ptr, name string) (string, error) {
	m, ok := v.Get(name)
	if !ok {
		return "", malformed(ptr+"/"+name, FaultMissing, "%s is required", name)
	}
	if m.Kind != KindString {
		return "", malformed(ptr+"/"+name, FaultWantString, "%s must be a string, not %v", name, m.Kind)
	}
	return m.Str, nil
}

// checkOperand refuses the operand arg of op, a prefix or glob at at,
// unless it is a string of at most MaxOperandBytes bytes (section 3.2).
func checkOperand(at string, op Op, arg Value) error {
	if arg.Kind != KindString {
		return malformed(at, FaultWantString, "%s takes a string, not %v", op, arg.Kind)
	}
	if len(arg.Str) > MaxOperandBytes {
		return overLimit(at, "operand bytes", MaxOperandBytes)
	}
	return nil
}

// ParseBound reads the raw bytes of one bound (a JSON array of rules,
// section 3.1), as the meet command takes them.
func ParseBound(raw []byte) (Bound, error) {
	v, err := ParseValue(raw)
	if err != nil {
		return nil, err
	}
	return boundFromValue(v, "")
}

func boundFromValue(v Value, ptr string) (Bound, error) {
	if v.Kind != KindArray {
		return nil, malformed(ptr, FaultWantArray, "a bound must be an array of rules, not %v", v.Kind)
	}
	if len(v.Array) > MaxRules {
		return nil, overLimit(ptr, "rules", MaxRules)
	}
	b := make(Bound, 0, len(v.Array))
	for i, r := range v.Array {
		rule, err := ruleFromValue(r, ptr+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		b = append(b, rule)
	}
	return b, nil
}

// ruleFromValue reads one rule. A member other than tool and args is
// refused: a misspelt "args" ignored would leave the rule unconstrained
// (findings/spec/rule-unknown-member.md).
func ruleFromValue(v Value, ptr string) (Rule, error) {
	if v.Kind != KindObject {
		return Rule{}, malformed(ptr, FaultWantObject, "a rule must be an object, not %v", v.Kind)
	}
	if err := onlyMembers(v, ptr, "tool", "args"); err != nil {
		return Rule{}, err
	}
	tool, err := requiredString(v, ptr, "tool")
	if err != nil {
		return Rule{}, err
	}
	r := Rule{Tool: tool, Args: map[string]Constraint{}}
	args, ok := v.Get("args")
	if !ok {
		return r, nil
	}
	if args.Kind != KindObject {
		return Rule{}, malformed(ptr+"/args", FaultWantObject, "args must be an object, not %v", args.Kind)
	}
	for _, m := range args.Members {
		c, err := constraintFromValue(m.Value, ptr+"/args/"+EscapePointerToken(m.Name))
		if err != nil {
			return Rule{}, err
		}
		r.Args[m.Name] = c
	}
	return r, nil
}

// constraintFromValue reads one constraint object: exactly one member,
// whose name is one of the five operators (section 3.2, 3.4).
func constraintFromValue(v Value, ptr string) (Constraint, error) {
	if v.Kind != KindObject {
		return Constraint{}, malformed(ptr, FaultWantObject, "a constraint must be an object, not %v", v.Kind)
	}
	switch len(v.Members) {
	case 0:
		return Constraint{}, malformed(ptr, FaultOperatorCount, "a constraint needs one operator")
	case 1:
	default:
		return Constraint{}, malformed(ptr+"/"+EscapePointerToken(v.Members[1].Name), FaultOperatorCount, "two operators in one constraint (%q and %q)", v.Members[0].Name, v.Members[1].Name)
	}
	op, arg := Op(v.Members[0].Name), v.Members[0].Value
	at := ptr + "/" + EscapePointerToken(string(op))
	switch op {
	case OpEq:
		return Constraint{Op: OpEq, Value: arg}, nil
	case OpIn:
		if arg.Kind != KindArray {
			return Constraint{}, malformed(at, FaultWantArray, "in takes an array, not %v", arg.Kind)
		}
		if len(arg.Array) > MaxInMembers {
			return Constraint{}, overLimit(at, "in members", MaxInMembers)
		}
		return Constraint{Op: OpIn, Values: arg.Array}, nil
	case OpPrefix:
		if err := checkOperand(at, op, arg); err != nil {
			return Constraint{}, err
		}
		return Constraint{Op: OpPrefix, Operand: arg.Str}, nil
	case OpGlob:
		if err := checkOperand(at, op, arg); err != nil {
			return Constraint{}, err
		}
		if _, err := CompileGlob(arg.Str); err != nil {
			return Constraint{}, malformedBy(at, FaultInvalidGlob, err, err.Error())
		}
		return Constraint{Op: OpGlob, Operand: arg.Str}, nil
	case OpAnd:
		if arg.Kind != KindArray {
			return Constraint{}, malformed(at, FaultWantArray, "and takes an array, not %v", arg.Kind)
		}
		if len(arg.Array) == 0 {
			// findings/spec/and-empty.md: "satisfies all" of nothing would
			// be unconstrained.
			return Constraint{}, malformed(at, FaultEmptyAnd, "and needs at least one constraint")
		}
		c := Constraint{Op: OpAnd, And: make([]Constraint, 0, len(arg.Array))}
		for i, e := range arg.Array {
			sub, err := constraintFromValue(e, at+"/"+strconv.Itoa(i))
			if err != nil {
				return Constraint{}, err
			}
			c.And = append(c.And, sub)
		}
		return c, nil
	}
	return Constraint{}, malformed(at, FaultUnknownOperator, "unknown operator %q (the operators are eq, in, prefix, glob, and)", op)
}

// onlyMembers refuses a member of v not in allowed.
func onlyMembers(v Value, ptr string, allowed ...string) error {
	for _, m := range v.Members {
		ok := false
		for _, a := range allowed {
			ok = ok || m.Name == a
		}
		if !ok {
			return malformed(ptr+"/"+EscapePointerToken(m.Name), FaultUnknownMember, "unknown member %q", m.Name)
		}
	}
	return nil
}

// ParseCall reads {"name": ..., "arguments": {...}} (the params of a
// tools/call; other members such as _meta are not part of the effect and
// are ignored). Absent arguments are no arguments.
func ParseCall(raw []byte) (Call, error) {
	v, err := ParseValue(raw)
	if err != nil {
		return Call{}, err
	}
	return CallFromValue(v)
}

// CallFromValue is ParseCall on a decoded value.
func CallFromValue(v Value) (Call, error) {
	if v.Kind != KindObject {
		return Call{}, malformed("", FaultWantObject, "a call must be an object, not %v", v.Kind)
	}
	n, ok := v.Get("name")
	if !ok || n.Kind != KindString {
		return Call{}, malformed("/name", missingOr(ok, FaultWantString), "a call needs a string name")
	}
	c := Call{Name: n.Str, Arguments: map[string]Value{}}
	if a, ok := v.Get("arguments"); ok {
		if a.Kind != KindObject {
			return Call{}, malformed("/arguments", FaultWantObject, "arguments must be an object, not %v", a.Kind)
		}
		for _, m := range a.Members {
			c.Arguments[m.Name] = m.Value
		}
	}
	return c, nil
}
