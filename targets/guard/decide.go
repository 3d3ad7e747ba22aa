package guard

import (
	"bytes"
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// ProvenanceKey is the _meta key of SEP-3246 section 2.1.
const ProvenanceKey = "io.noescalation/provenance"

// MethodCall is the one method the guard checks (section 4.2).
const MethodCall = "tools/call"

// Decide is the guard's verdict on one raw JSON-RPC message from the client
// (SEP-3246 section 4): admission of the bytes first, then a tools/call is
// checked against the extended chain (sections 4.1, 4.2) and anything else
// is relayed. It never panics and never returns a Decision whose Message
// reaches the server unless the bytes were admitted.
//
// The bytes are admitted once (admit.Scan) and then indexed in one walk
// (indexMessage, with targets/internal/jsonwire): the message's kind, its
// method, its id, and the params' name, arguments (each member's place)
// and _meta's provenance, all read from that index. Nothing is decoded into
// a tree but the provenance chain and the arguments some rule of the chain
// constrains, each within bound.MaxValues values, so a message costs a
// small multiple of its size whatever its shape.
//
// Every message Decide lets through is one line to every line reader
// (framing.go, findings/spec/guard-framing.md): a relayed message is the
// message with its line ends re-encoded away (byte for byte when it has
// none), and a forwarded call is that message with the provenance value
// replaced by the extended chain; its arguments are judged from the
// forwarded bytes.
func Decide(raw []byte, cfg Config) Decision { return decide(raw, cfg, nil) }

// decide is Decide with a session's cache of the chains its calls carried
// (nil: none); its Decision is Decide's for every message and cache. With
// a cache, the Decision's Call is the session's, reused by its next
// decision (chainCache.newCall): it is read before then.
func decide(raw []byte, cfg Config, chains *chainCache) Decision {
	if err := cfg.Validate(); err != nil {
		return answer(nil, &Refusal{Class: ErrGuardConfig, Code: CodeInternalError, Reason: err.Error(), Cause: err})
	}
	if err := chains.admit(raw); err != nil {
		return refusedAnswer(raw, err)
	}
	msg := reframe(raw)
	top := jsonwire.SkipSpace(msg, 0)
	switch msg[top] {
	case '{':
	case '[':
		return answer(nil, batchRefusal())
	default:
		return answer(nil, notAnObject(jsonwire.ValueType(msg[top])))
	}
	m := indexMessage(msg, top)
	id := readID(msg, m.id)
	// A notification (a "method" member and no "id" member) the guard
	// refuses here is logged and not answered (JSON-RPC 2.0 section 4.1),
	// as refusedAnswer does for one admission refuses.
	notification := m.method.ok && !m.id.ok
	if a := m.topAlias; a != nil {
		if a.of == "id" {
			id = nil // two ids: none is the one
		}
		return refusedTopLevel(id, caseAliasRefusal("", *a), notification)
	}
	if !m.method.ok {
		// A response (or an error) the client sends to a server request.
		return Decision{Action: Relay, Message: msg, ID: id}
	}
	method := m.method.Of(msg)
	if method[0] != '"' {
		return refusedTopLevel(id, methodNotString(jsonwire.ValueType(method[0])), notification)
	}
	if idHoldsNUL(msg, m.id) {
		return answer(id, requestIDWithNUL()) // by the exact id: the client matches it
	}
	if !jsonwire.NameIs(method, MethodCall) {
		name, _ := jsonwire.Unquote(method)
		if methodHoldsNUL(method, name) {
			return refusedTopLevel(id, methodWithNUL(name), notification)
		}
		if id == nil && m.id.ok {
			// A null, boolean, object or array id: not forwarded, as the
			// guard could neither match its answer nor answer it for a
			// server that goes away. MCP forbids id null in a request
			// (2025-06-18, basic "Requests"), which JSON-RPC 2.0 allows:
			// relayed, it was never counted in flight, so the guard
			// dropped it unanswered when the server went away.
			d := answer(nil, requestIDNotStringOrNumber(m.id.kindOf(msg)))
			d.Method = name
			return d
		}
		return Decision{Action: Relay, Message: msg, Method: name, ID: id}
	}
	d := decideCall(msg, &m, id, cfg, chains)
	d.Method = MethodCall
	return d
}

// refusedTopLevel is the answer to a message refused at its top level,
// not sent to a notification (Decision.Notification).
func refusedTopLevel(id []byte, r *Refusal, notification bool) Decision {
	d := answer(id, r)
	d.Notification = notification
	return d
}

// methodHoldsNUL reports whether a method that is not tools/call (its token
// tok, decoded name) holds a NUL, which only an escape writes: a reader of
// C strings (cString) reads another method, "tools/call\u0000x" as
// tools/call.
func methodHoldsNUL(tok []byte, name string) bool {
	return bytes.IndexByte(tok, '\\') >= 0 && len(cString(name)) < len(name)
}

// idHoldsNUL reports whether the id field f is a string holding a NUL,
// which only an escape writes: a reader of C strings (cString) answers the
// request by the id up to its NUL, another id (red-team pass 3 of
// docs/GUARD.md). An id without a backslash costs one scan of its token.
func idHoldsNUL(msg []byte, f field) bool {
	if !f.ok || msg[f.Start] != '"' {
		return false
	}
	tok := f.Of(msg)
	if bytes.IndexByte(tok, '\\') < 0 {
		return false
	}
	s, ok := jsonwire.Unquote(tok)
	return ok && len(cString(s)) < len(s)
}

// refusedAnswer is the answer to raw, which admission refused with err:
// addressed to the request's id when every parser reads the same one, not
// sent at all to a notification (refusedEnvelope).
func refusedAnswer(raw []byte, err error) Decision {
	env := refusedEnvelope(raw, err)
	d := answer(env.id, notAdmitted(err))
	d.Notification = env.notification
	return d
}

// readID returns a string or number id as deterministic JSON (a string as
// targets/bound writes it, a number as written), or nil. It is the id the
// guard writes in its own answers; ids are compared by idKeyOf's key of it
// (a number by its value: 1.0 is 1).
func readID(msg []byte, f field) []byte {
	if !f.ok {
		return nil
	}
	tok := f.Of(msg)
	switch jsonwire.ValueType(tok[0]) {
	case "number":
		return cloneID(tok)
	case "string":
		if bytes.IndexByte(tok, '\\') < 0 {
			// Admitted, so no control character or quote stands raw in
			// it: the token is already written as targets/bound writes it.
			return cloneID(tok)
		}
		s, ok := jsonwire.Unquote(tok)
		if !ok {
			return nil
		}
		b, _ := bound.String(s).MarshalJSON()
		return b
	}
	return nil
}

// cloneID copies an id's token (not empty) with make and copy, as
// rewriteCall makes the forwarded call, rather than append's growslice:
// one function fewer for a cold decision to fetch.
func cloneID(tok []byte) []byte {
	id := make([]byte, len(tok))
	copy(id, tok)
	return id
}

// notAdmitted classifies an admission refusal: -32700 when the bytes are
// not one complete JSON text within the caps, -32600 when they are JSON but
// have no single reading (a duplicate member, a string that is not Unicode
// scalar values, a number with no finite double).
func notAdmitted(err error) *Refusal {
	r := &Refusal{Class: ErrNotAdmitted, Code: CodeInvalidRequest, Reason: err.Error(), Cause: err}
	var ae *admit.Error
	if !errors.As(err, &ae) {
		r.Code = CodeParseError
		return r
	}
	switch ae.Kind {
	case admit.Syntax, admit.TrailingContent, admit.TooDeep, admit.TooLarge:
		r.Code = CodeParseError
	}
	if ae.Kind == admit.TooLarge {
		r.Class = ErrTooLarge
	}
	return r
}
