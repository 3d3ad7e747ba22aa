package guard

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// rewriteCall writes the tools/call to forward (SEP-3246 section 4.1 step
// 3): msg, an admitted message written as one line, with the value of
// params._meta[ProvenanceKey] replaced by chain, the extended chain as
// targets/bound serializes it (the chain the guard checked, hop for hop,
// without "sig"), also as one line. When _meta or the key is absent, the
// member is inserted first in its object. Every other byte is the
// client's, so the server reads the arguments, the id and every other
// member as the guard read them, and the result is admitted as msg was:
// one value replaced by an admitted value, or one member added under a
// name the object did not have. The result is written into one buffer of
// its size and one byte more, left for the line end the proxy appends
// (lineOf: a forwarded call is not copied to end its line).
//
// It also returns where a span of msg after the change lies in the result.
func rewriteCall(msg []byte, m *message, chain []byte) ([]byte, shift) {
	// What replaces msg[at:end]: before, chain, after, and a comma when
	// the member is inserted ahead of another.
	var at, end int
	var before, after string
	switch {
	case m.provenance.ok:
		at, end = m.provenance.Start, m.provenance.End
	case m.meta.ok:
		at, end = m.meta.Start+1, m.meta.Start+1
		before = `"` + ProvenanceKey + `":`
	default:
		at, end = m.params.Start+1, m.params.Start+1
		before, after = `"_meta":{"`+ProvenanceKey+`":`, `}`
	}
	comma := at == end && msg[jsonwire.SkipSpace(msg, at)] != '}'
	n := len(before) + len(chain) + len(after)
	if comma {
		n++
	}
	out := make([]byte, 0, len(msg)-(end-at)+n+1) // +1: the line end (lineOf)
	out = append(out, msg[:at]...)
	out = append(out, before...)
	out = append(out, chain...)
	out = append(out, after...)
	if comma {
		out = append(out, ',')
	}
	out = append(out, msg[end:]...)
	return out, shift{end: end, by: n - (end - at)}
}

// shift is where a span of the message lies after a rewrite that changed
// the bytes before end: moved by the change's length when it begins at or
// after end, where it was otherwise.
type shift struct{ end, by int }

// of is where f lies after the rewrite.
func (s shift) of(f field) field {
	if f.ok && f.Start >= s.end {
		f.Start, f.End = f.Start+s.by, f.End+s.by
	}
	return f
}
