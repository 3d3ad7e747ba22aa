package guard

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// field is the value of one member the guard reads, found in the admitted
// bytes; ok is false when the object has no such member.
type field struct {
	jsonwire.Span
	ok bool
}

// The members of a JSON-RPC message (JSON-RPC 2.0 section 4) and of
// tools/call params (MCP "tools/call"; SEP-3246 section 2.1) that the
// guard reads, in the order of the indexes below.
var (
	envelopeNames = []string{"jsonrpc", "id", "method", "params"}
	paramNames    = []string{"name", "arguments", "_meta"}
)

const (
	envJSONRPC = iota
	envID
	envMethod
	envParams
)

const (
	parName = iota
	parArguments
	parMeta
)

// readFields finds the members named names in the object at msg[at], which
// must be admitted (so each name occurs once), comparing decoded names:
// "m\u0065thod" is the method. Every other member is skipped unread.
func readFields(msg []byte, at int, names []string) []field {
	out := make([]field, len(names))
	jsonwire.Members(msg, at, func(m jsonwire.Member) bool {
		tok := m.Name.Of(msg)
		for i, n := range names {
			if !out[i].ok && jsonwire.NameIs(tok, n) {
				out[i] = field{m.Value, true}
				break
			}
		}
		return true
	})
	return out
}

// kindOf names the JSON type of a field's value.
func (f field) kindOf(msg []byte) string { return jsonwire.ValueType(msg[f.Start]) }

// isObject reports whether the field is present and an object.
func (f field) isObject(msg []byte) bool { return f.ok && msg[f.Start] == '{' }
