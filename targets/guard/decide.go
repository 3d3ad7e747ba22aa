package guard

import (
	"errors"
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ProvenanceKey is the _meta key of SEP-3246 section 2.1.
const ProvenanceKey = "io.noescalation/provenance"

// MethodCall is the one method the guard checks (section 4.2).
const MethodCall = "tools/call"

// Decide is the guard's verdict on one raw JSON-RPC message from the client
// (SEP-3246 section 4): admission of the bytes first, then a tools/call is
// checked against the extended chain (sections 4.1, 4.2) and anything else
// is relayed unchanged. It never panics and never returns a Decision whose
// Message reaches the server unless the bytes were admitted.
func Decide(raw []byte, cfg Config) Decision {
	if err := cfg.Validate(); err != nil {
		return answer(nil, &Refusal{Class: ErrGuardConfig, Code: CodeInternalError, Reason: err.Error(), Cause: err})
	}
	if err := admit.Scan(raw, admit.Options{}); err != nil {
		return answer(nil, notAdmitted(err))
	}
	v, err := bound.ParseValue(raw)
	if err != nil {
		// admit.Scan admitted it, so this is a disagreement between the
		// scanner and the decoder: refuse, never relay.
		return answer(nil, &Refusal{Class: ErrNotAdmitted, Code: CodeParseError, Reason: "admitted but not decoded: " + err.Error(), Cause: err})
	}
	switch v.Kind {
	case bound.KindObject:
	case bound.KindArray:
		return answer(nil, &Refusal{Class: ErrBatch, Code: CodeInvalidRequest,
			Reason: "a batch (top-level array) is refused whole: its calls would not be checked one by one"})
	default:
		return answer(nil, &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
			Reason: "a JSON-RPC message is an object, not a " + v.Kind.String()})
	}
	id := readID(v)
	m, ok := v.Get("method")
	if !ok {
		// A response (or an error) the client sends to a server request.
		return Decision{Action: Relay, Message: raw, ID: id}
	}
	if m.Kind != bound.KindString {
		return answer(id, &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
			Reason: "method must be a string, not " + m.Kind.String()})
	}
	if m.Str != MethodCall {
		return Decision{Action: Relay, Message: raw, Method: m.Str, ID: id}
	}
	d := decideCall(v, id, cfg)
	d.Method = MethodCall
	return d
}

// readID returns a string or number id as deterministic JSON, or nil.
func readID(v bound.Value) []byte {
	id, ok := v.Get("id")
	if !ok || (id.Kind != bound.KindString && id.Kind != bound.KindNumber) {
		return nil
	}
	b, err := id.MarshalJSON()
	if err != nil {
		return nil
	}
	return b
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

// TooLarge is the decision on a line longer than the size cap, which the
// proxy never reads whole: answered with -32700 and id null, like the
// TooLarge refusal of admit.Scan.
func TooLarge(size int64) Decision {
	return answer(nil, notAdmitted(&admit.Error{Kind: admit.TooLarge, Offset: admit.DefaultMaxSize,
		Detail: fmt.Sprintf("the message is %d bytes, longer than the size cap of %d", size, admit.DefaultMaxSize)}))
}
