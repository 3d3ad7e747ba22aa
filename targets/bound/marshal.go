package bound

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/jsonstring"
)

// Deterministic JSON for provenance, bounds, rules, constraints and values:
// members in a fixed order (provenance "v", "chain"; hop "component",
// "bound"; rule "tool", "args"; args and object values by name), strings
// escaped as RFC 8785 section 3.2.2.2 escapes them, numbers as they were
// read. One value has one encoding, so a guard can compare and log chains
// byte for byte.

// MarshalJSON writes the provenance object; "sig" is never written (SEP-3246
// section 2.2: implementations MUST NOT populate it).
// Each MarshalJSON writes into a buffer of the size jsonLen counts, so
// that writing a chain costs one allocation of its size.
func (p Provenance) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, p.jsonLen())
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, int64(p.V), 10)
	b = append(b, `,"chain":[`...)
	for i, h := range p.Chain {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"component":`...)
		b = appendString(b, h.Component)
		b = append(b, `,"bound":`...)
		b = h.Bound.appendJSON(b)
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}

// MarshalJSON writes the bound as an array of rules.
func (bd Bound) MarshalJSON() ([]byte, error) {
	return bd.appendJSON(make([]byte, 0, bd.jsonLen())), nil
}

func (bd Bound) appendJSON(b []byte) []byte { return appendArray(b, bd) }

// MarshalJSON writes the rule; "args" is left out when there are none.
func (r Rule) MarshalJSON() ([]byte, error) { return r.appendJSON(make([]byte, 0, r.jsonLen())), nil }

func (r Rule) appendJSON(b []byte) []byte {
	b = append(b, `{"tool":`...)
	b = appendString(b, r.Tool)
	if len(r.Args) > 0 {
		b = append(b, `,"args":{`...)
		names := make([]string, 0, len(r.Args))
		for n := range r.Args {
			names = append(names, n)
		}
		sort.Strings(names)
		for i, n := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, n)
			b = append(b, ':')
			b = r.Args[n].appendJSON(b)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// MarshalJSON writes the constraint as its one-operator object.
func (c Constraint) MarshalJSON() ([]byte, error) {
	return c.appendJSON(make([]byte, 0, c.jsonLen())), nil
}

func (c Constraint) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = appendString(b, string(c.Op))
	b = append(b, ':')
	switch c.Op {
	case OpEq:
		b = c.Value.appendJSON(b)
	case OpIn:
		b = appendArray(b, c.Values)
	case OpPrefix, OpGlob:
		b = appendString(b, c.Operand)
	case OpAnd:
		b = appendArray(b, c.And)
	default:
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// MarshalJSON writes the value; object members sorted by name.
func (v Value) MarshalJSON() ([]byte, error) { return v.appendJSON(make([]byte, 0, v.jsonLen())), nil }

func (v Value) appendJSON(b []byte) []byte {
	switch v.Kind {
	case KindNull:
		return append(b, "null"...)
	case KindBool:
		return strconv.AppendBool(b, v.Bool)
	case KindNumber:
		if v.Number == "" {
			return append(b, '0')
		}
		return append(b, v.Number...)
	case KindString:
		return appendString(b, v.Str)
	case KindArray:
		return appendArray(b, v.Array)
	case KindObject:
		ms := v.Members
		if !slices.IsSortedFunc(ms, byName) {
			// Canonical values are sorted already, and written without a copy.
			ms = slices.Clone(ms)
			slices.SortStableFunc(ms, byName)
		}
		b = append(b, '{')
		for i, m := range ms {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, m.Name)
			b = append(b, ':')
			b = m.Value.appendJSON(b)
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

// appendArray writes es as a JSON array, each element by its appendJSON:
// a bound's rules, an array value's elements, an in constraint's values,
// an and constraint's operands.
func appendArray[E interface{ appendJSON([]byte) []byte }](b []byte, es []E) []byte {
	b = append(b, '[')
	for i, e := range es {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendJSON(b)
	}
	return append(b, ']')
}

// appendString escapes s as RFC 8785 section 3.2.2.2 does (the module's
// one string writer, internal/jsonstring).
func appendString(b []byte, s string) []byte { return jsonstring.Append(b, s) }

func byName(a, b Member) int { return strings.Compare(a.Name, b.Name) }
