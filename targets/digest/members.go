package digest

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// A span is one token or value of the request: in[start:end].
type span struct{ start, end int }

// A field is one member of an object: its name token and its value, both
// as transmitted.
type field struct {
	name  span
	value span
}

// objectFields lists the members of the object at in[i], an opening brace,
// in input order, as jsonwire.Members walks them. The request is admitted,
// so the walk only has to find where each token ends; it still stops,
// rather than panics, on bytes that are not JSON, returning ok false.
func objectFields(in []byte, i int) (fields []field, ok bool) {
	ok = jsonwire.Members(in, i, func(m jsonwire.Member) bool {
		fields = append(fields, field{span{m.Name.Start, m.Name.End}, span{m.Value.Start, m.Value.End}})
		return true
	})
	if !ok {
		return nil, false
	}
	return fields, true
}
