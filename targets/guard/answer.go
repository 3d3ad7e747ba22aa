package guard

import (
	"errors"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// answer is a Decision to send the client a JSON-RPC error response (JSON-
// RPC 2.0 section 5.1) for a refusal that is not a section 4.3 violation.
// A nil id is written as null, as JSON-RPC requires when the id could not
// be read.
func answer(id []byte, r *Refusal) Decision {
	var data []byte
	var ae *admit.Error
	if errors.As(r.Cause, &ae) {
		data = []byte(`{"kind":`)
		data = appendJSONString(data, string(ae.Kind))
		data = append(data, `,"offset":`...)
		data = strconv.AppendInt(data, ae.Offset, 10)
		data = append(data, '}')
	}
	return Decision{Action: Answer, ID: id, Refusal: r,
		Message: errorResponse(id, r.Code, "io.noescalation guard: "+r.Reason, data)}
}

// violation is a Decision to answer a tools/call with the error of SEP-3246
// section 4.3: code -32001, a message naming the extension and the tool,
// and data with the tool and its arguments (as the client wrote them, as
// one line; {} when it gave none).
func violation(d Decision, r *Refusal) Decision {
	var msg string
	switch r.Class {
	case ErrOutsideBound:
		msg = "io.noescalation: '" + d.Call.Name + "' with these arguments is outside the conferred bound"
	case ErrAbsentProvenance:
		msg = "io.noescalation: '" + d.Call.Name + "' carries no provenance, which this guard rejects"
	default:
		msg = "io.noescalation: '" + d.Call.Name + "' is refused: its provenance is malformed"
	}
	data := []byte(`{"tool":`)
	data = appendJSONString(data, d.Call.Name)
	data = append(data, `,"arguments":`...)
	data = append(data, callArguments(d)...)
	data = append(data, '}')
	d.Action, d.Refusal = Answer, r
	d.Message = errorResponse(d.ID, r.Code, msg, data)
	return d
}

// errorResponse writes {"jsonrpc":"2.0","id":...,"error":{...}}.
func errorResponse(id []byte, code int, message string, data []byte) []byte {
	b := []byte(`{"jsonrpc":"2.0","id":`)
	if id == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, id...)
	}
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, message)
	if data != nil {
		b = append(b, `,"data":`...)
		b = append(b, data...)
	}
	return append(b, "}}"...)
}

// appendJSONString writes s as a JSON string, escaped as targets/bound
// writes strings.
func appendJSONString(b []byte, s string) []byte {
	q, _ := bound.String(s).MarshalJSON()
	return append(b, q...)
}

// callArguments is the call's arguments object as the guard read it, or {}
// when the call has none.
func callArguments(d Decision) []byte {
	if d.Arguments == nil {
		return []byte("{}")
	}
	return d.Arguments
}
