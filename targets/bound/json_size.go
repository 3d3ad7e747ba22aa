package bound

import (
	"strconv"

	"github.com/canonfuzz/canonfuzz/internal/jsonstring"
)

// The lengths of the deterministic JSON of marshal.go, found without
// writing it: a meet and a check count their work in these bytes, and
// writing a whole in list only to take its length would cost more than
// the count is worth.

func (p Provenance) jsonLen() int {
	var digits [20]byte
	n := len(`{"v":,"chain":[]}`) + len(strconv.AppendInt(digits[:0], int64(p.V), 10)) + max(len(p.Chain)-1, 0)
	for _, h := range p.Chain {
		n += len(`{"component":,"bound":}`) + jsonstring.Len(h.Component) + h.Bound.jsonLen()
	}
	return n
}

func (bd Bound) jsonLen() int {
	n := 2 + max(len(bd)-1, 0)
	for _, r := range bd {
		n += r.jsonLen()
	}
	return n
}

func (r Rule) jsonLen() int {
	n := len(`{"tool":}`) + jsonstring.Len(r.Tool)
	if len(r.Args) > 0 {
		n += len(`,"args":{}`) + len(r.Args) - 1
		for name, c := range r.Args {
			n += jsonstring.Len(name) + 1 + c.jsonLen()
		}
	}
	return n
}

func (c Constraint) jsonLen() int {
	n := len(`{:}`) + jsonstring.Len(string(c.Op))
	switch c.Op {
	case OpEq:
		return n + c.Value.jsonLen()
	case OpIn:
		return n + valuesLen(c.Values)
	case OpPrefix, OpGlob:
		return n + jsonstring.Len(c.Operand)
	case OpAnd:
		n += 2 + max(len(c.And)-1, 0)
		for _, e := range c.And {
			n += e.jsonLen()
		}
		return n
	}
	return n + len("null")
}

func (v Value) jsonLen() int {
	switch v.Kind {
	case KindBool:
		return len(strconv.FormatBool(v.Bool))
	case KindNumber:
		return max(len(v.Number), 1)
	case KindString:
		return jsonstring.Len(v.Str)
	case KindArray:
		return valuesLen(v.Array)
	case KindObject:
		n := 2 + max(len(v.Members)-1, 0)
		for _, m := range v.Members {
			n += jsonstring.Len(m.Name) + 1 + m.Value.jsonLen()
		}
		return n
	}
	return len("null")
}

func valuesLen(vs []Value) int {
	n := 2 + max(len(vs)-1, 0)
	for _, e := range vs {
		n += e.jsonLen()
	}
	return n
}
