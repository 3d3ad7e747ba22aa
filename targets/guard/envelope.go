package guard

import (
	"encoding/json"
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// envelope is what the guard may read of a message admission refused, to
// address its answer: the id of the request, or that the message is a
// notification, which gets no answer (JSON-RPC 2.0 section 4.1: "The
// Server MUST NOT reply to a Notification").
//
// Nothing read here is forwarded or decided on: the message is refused
// whatever it holds. The id only says to whom the refusal is written, so a
// client whose request holds a duplicate argument or a lone surrogate gets
// its answer by id instead of waiting for it forever behind an answer with
// id null (docs/GUARD.md, "Red-team pass (2026-12-06)").
type envelope struct {
	id           []byte // as readID writes it; nil when none can be read
	notification bool   // a "method" member and no "id" member at the top level
}

// refusedEnvelope reads the envelope of raw, which admission refused with
// err. It reads one only when every JSON parser reads the same top level:
//
//   - the refusal is one of a text that may be RFC 8259 JSON within the
//     guard's caps (a duplicate member, a string or number with no single
//     reading): never Syntax, TrailingContent, TooLarge or TooDeep;
//   - raw nests no deeper than admission admits (admit.DefaultMaxDepth),
//     and is one RFC 8259 text (encoding/json.Valid, which admits
//     duplicates, any bytes in strings and any number; the depth bound
//     keeps its stack, the one thing it allocates, small:
//     TestDecideCostsASmallMultipleOfTheMessage);
//   - its top level is an object whose member names are each admitted
//     strings (no ill-formed UTF-8 or lone surrogate that a lenient decoder
//     could turn into "id"), with at most one "id" once decoded;
//   - that id is an admitted string or number token.
//
// Otherwise the envelope is empty and the answer's id is null, as JSON-RPC
// 2.0 section 5 asks when the id cannot be detected. It costs one pass over
// raw and runs only for refused messages.
func refusedEnvelope(raw []byte, err error) envelope {
	var ae *admit.Error
	if !errors.As(err, &ae) {
		return envelope{}
	}
	switch ae.Kind {
	case admit.Syntax, admit.TrailingContent, admit.TooLarge, admit.TooDeep:
		return envelope{}
	}
	if !nestingAtMost(raw, admit.DefaultMaxDepth) || !json.Valid(raw) {
		return envelope{}
	}
	top := jsonwire.SkipSpace(raw, 0)
	var id field
	ids, method := 0, false
	c := jsonwire.NewCursor(raw, top)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		tok := name.Of(raw)
		if !admittedToken(tok) {
			return envelope{}
		}
		switch {
		case jsonwire.NameIs(tok, "id"):
			ids++
			c.Skip(id.skip(raw, v))
		case jsonwire.NameIs(tok, "method"):
			method = true
			c.Skip(jsonwire.ValueEnd(raw, v))
		default:
			c.Skip(jsonwire.ValueEnd(raw, v))
		}
	}
	if _, ok := c.End(); !ok {
		return envelope{}
	}
	switch {
	case ids == 0:
		return envelope{notification: method}
	case ids > 1 || !id.ok:
		return envelope{}
	}
	tok := id.Of(raw)
	if !admittedToken(tok) {
		return envelope{}
	}
	return envelope{id: readID(raw, id)}
}

// nestingAtMost reports whether no container in b opens deeper than max,
// strings skipped (jsonwire.StringEnd); false for a string not closed.
func nestingAtMost(b []byte, max int) bool {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			end, ok := jsonwire.StringEnd(b, i)
			if !ok {
				return false
			}
			i = end - 1
		case '{', '[':
			if depth++; depth > max {
				return false
			}
		case '}', ']':
			depth--
		}
	}
	return true
}
