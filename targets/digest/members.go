package digest

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/internal/jsonspan"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// A span is one token or value of the request: in[start:end].
type span struct{ start, end int }

// A field is one member of an object: its name token and its value, both
// as transmitted.
type field struct {
	name  span
	value span
}

// objectFields lists the members of the object at in[i], an opening brace,
// in input order, as jsonspan.Members walks them. The request is admitted,
// so the walk only has to find where each token ends; it still stops,
// rather than panics, on bytes that are not JSON, returning ok false.
func objectFields(in []byte, i int) (fields []field, ok bool) {
	ok = jsonspan.Members(in, i, func(m jsonspan.Member) bool {
		fields = append(fields, field{span{m.Name.Start, m.Name.End}, span{m.Value.Start, m.Value.End}})
		return true
	})
	if !ok {
		return nil, false
	}
	return fields, true
}

// nameIs reports whether the member name token tok decodes to want, a name
// with nothing to escape. A name spelled with escapes ("\u006eame") is
// compared by its canonical form, which is unique.
func nameIs(tok []byte, want string) bool {
	body := tok[1 : len(tok)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body) == want
	}
	canon, err := jcs.Canonicalize(tok, admit.Options{})
	return err == nil && len(canon) == len(want)+2 && string(canon[1:len(canon)-1]) == want
}
