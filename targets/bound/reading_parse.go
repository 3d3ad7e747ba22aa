package bound

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ReadingError is a provenance object or call that is malformed under a
// Reading: Pointer is a JSON pointer to the fault.
type ReadingError struct {
	Pointer string
	Reason  string
}

func (e *ReadingError) Error() string {
	return fmt.Sprintf("bound: malformed under the reading at %q: %s", e.Pointer, e.Reason)
}

// Is makes a ReadingError match ErrMalformed.
func (e *ReadingError) Is(target error) bool { return target == ErrMalformed }

func readingFault(ptr, format string, args ...any) error {
	return &ReadingError{Pointer: ptr, Reason: fmt.Sprintf(format, args...)}
}

// decodeUnder decodes raw JSON as reading j reads it: JSONStrict through
// targets/admit (ParseValue); the lenient readings with encoding/json,
// which replaces ill-formed UTF-8 and lone surrogates by U+FFFD and keeps a
// number's text whatever its range, resolving a duplicate member name to
// its last or first value.
func decodeUnder(raw []byte, j JSONReading) (Value, error) {
	if j == JSONStrict {
		return ParseValue(raw)
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	v, err := decodeLenient(d, j == JSONFirstWins, 0)
	if err != nil {
		return Value{}, readingFault("", "not JSON: %v", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return Value{}, readingFault("", "not one JSON text")
	}
	return v, nil
}

// maxLenientDepth bounds the nesting decodeLenient follows.
const maxLenientDepth = 1000

func decodeLenient(d *json.Decoder, firstWins bool, depth int) (Value, error) {
	if depth > maxLenientDepth {
		return Value{}, errors.New("nested too deeply")
	}
	t, err := d.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := t.(type) {
	case nil:
		return Value{Kind: KindNull}, nil
	case bool:
		return Value{Kind: KindBool, Bool: t}, nil
	case json.Number:
		return Value{Kind: KindNumber, Number: string(t)}, nil
	case string:
		return String(t), nil
	case json.Delim:
		if t == '[' {
			v := Value{Kind: KindArray, Array: []Value{}}
			for d.More() {
				e, err := decodeLenient(d, firstWins, depth+1)
				if err != nil {
					return Value{}, err
				}
				v.Array = append(v.Array, e)
			}
			_, err := d.Token()
			return v, err
		}
		v := Value{Kind: KindObject}
		at := map[string]int{}
		for d.More() {
			nt, err := d.Token()
			if err != nil {
				return Value{}, err
			}
			name, _ := nt.(string)
			e, err := decodeLenient(d, firstWins, depth+1)
			if err != nil {
				return Value{}, err
			}
			switch i, dup := at[name]; {
			case !dup:
				at[name] = len(v.Members)
				v.Members = append(v.Members, Member{Name: name, Value: e})
			case !firstWins:
				v.Members[i].Value = e
			}
		}
		_, err := d.Token()
		return v, err
	}
	return Value{}, fmt.Errorf("unexpected token %v", t)
}

// provenanceFrom reads a provenance object (SEP-3246 section 2.2),
// decoded under r.JSON, under r: v, chain, and each hop's component and
// bound are required, with their types; the reserved sig is ignored; any
// other member is ignored, or malformed under HardenUnknownMembers.
func (r Reading) provenanceFrom(v Value) (*Provenance, error) {
	if v.Kind != KindObject {
		return nil, readingFault("", "provenance must be an object")
	}
	if err := r.onlyMembers(v, "", "v", "chain", "sig"); err != nil {
		return nil, err
	}
	ver, ok := v.Get("v")
	if !ok || ver.Kind != KindNumber {
		return nil, readingFault("/v", "v is required and is an integer")
	}
	if k, err := decimalKey(ver.Number); err != nil || k != "1e0" {
		return nil, readingFault("/v", "unrecognized version %s", ver.Number)
	}
	chain, ok := v.Get("chain")
	if !ok || chain.Kind != KindArray {
		return nil, readingFault("/chain", "chain is required and is an array")
	}
	p := &Provenance{V: Version}
	for i, h := range chain.Array {
		ptr := "/chain/" + strconv.Itoa(i)
		if h.Kind != KindObject {
			return nil, readingFault(ptr, "a hop must be an object")
		}
		if err := r.onlyMembers(h, ptr, "component", "bound"); err != nil {
			return nil, err
		}
		if c, ok := h.Get("component"); !ok || c.Kind != KindString {
			return nil, readingFault(ptr+"/component", "component is required and is a string")
		}
		b, ok := h.Get("bound")
		if !ok || b.Kind != KindArray {
			return nil, readingFault(ptr+"/bound", "bound is required and is an array")
		}
		c, _ := h.Get("component")
		hop := Hop{Component: c.Str}
		for k, rv := range b.Array {
			rule, err := r.ruleUnder(rv, ptr+"/bound/"+strconv.Itoa(k))
			if err != nil {
				return nil, err
			}
			hop.Bound = append(hop.Bound, rule)
		}
		p.Chain = append(p.Chain, hop)
	}
	return p, nil
}

func (r Reading) onlyMembers(v Value, ptr string, allowed ...string) error {
	if r.Harden&HardenUnknownMembers == 0 {
		return nil
	}
	return onlyMembers(v, ptr, allowed...)
}

// ruleUnder reads one rule (section 3.1).
func (r Reading) ruleUnder(v Value, ptr string) (Rule, error) {
	if v.Kind != KindObject {
		return Rule{}, readingFault(ptr, "a rule must be an object")
	}
	if err := r.onlyMembers(v, ptr, "tool", "args"); err != nil {
		return Rule{}, err
	}
	t, ok := v.Get("tool")
	if !ok || t.Kind != KindString {
		return Rule{}, readingFault(ptr+"/tool", "tool is required and is a string")
	}
	rule := Rule{Tool: t.Str, Args: map[string]Constraint{}}
	args, ok := v.Get("args")
	if !ok {
		return rule, nil
	}
	if args.Kind != KindObject {
		return Rule{}, readingFault(ptr+"/args", "args must be an object")
	}
	for _, m := range args.Members {
		c, err := r.constraintUnder(m.Value, ptr+"/args/"+EscapePointerToken(m.Name))
		if err != nil {
			return Rule{}, err
		}
		rule.Args[m.Name] = c
	}
	return rule, nil
}

// constraintUnder reads one constraint (section 3.2): one member, one of
// the five operators with its operand's type. An invalid glob is
// malformed (section 3.2.4).
func (r Reading) constraintUnder(v Value, ptr string) (Constraint, error) {
	if v.Kind != KindObject || len(v.Members) != 1 {
		return Constraint{}, readingFault(ptr, "a constraint is an object with one operator")
	}
	op, arg := Op(v.Members[0].Name), v.Members[0].Value
	at := ptr + "/" + EscapePointerToken(string(op))
	switch {
	case op == OpEq:
		return Constraint{Op: OpEq, Value: arg}, nil
	case op == OpIn && arg.Kind == KindArray:
		return Constraint{Op: OpIn, Values: arg.Array}, nil
	case (op == OpPrefix || op == OpGlob) && arg.Kind == KindString:
		if op == OpGlob {
			if _, err := CompileGlob(arg.Str); err != nil {
				return Constraint{}, readingFault(at, "%v", err)
			}
		}
		return Constraint{Op: op, Operand: arg.Str}, nil
	case op == OpAnd && arg.Kind == KindArray:
		if len(arg.Array) == 0 && r.EmptyAnd == EmptyAndMalformed {
			return Constraint{}, readingFault(at, "and needs at least one constraint")
		}
		c := Constraint{Op: OpAnd, And: []Constraint{}}
		for i, e := range arg.Array {
			sub, err := r.constraintUnder(e, at+"/"+strconv.Itoa(i))
			if err != nil {
				return Constraint{}, err
			}
			c.And = append(c.And, sub)
		}
		return c, nil
	}
	return Constraint{}, readingFault(at, "not one of the operators eq, in, prefix, glob, and with its operand's type")
}
