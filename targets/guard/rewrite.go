package guard

import (
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// rewriteCall writes the tools/call to forward (SEP-3246 section 4.1 step
// 3): msg, an admitted message written as one line, with the value of
// params._meta[ProvenanceKey] replaced by ext, as targets/bound serializes
// it (the chain the guard checked, hop for hop, without "sig"), also as one
// line. When _meta or the key is absent, the member is inserted first in
// its object. Every other byte is the client's, so the server reads the
// arguments, the id and every other member as the guard read them, and
// the result is admitted as msg was: one value replaced by an admitted
// value, or one member added under a name the object did not have.
//
// It also returns where a span of msg after the change lies in the result:
// moved by the change's length when it begins at or after its end.
func rewriteCall(msg []byte, m *message, ext *bound.Provenance) ([]byte, func(field) field, error) {
	params, meta := m.params, m.meta
	pb, err := ext.MarshalJSON()
	if err != nil {
		return nil, nil, err
	}
	pb = reframe(pb)
	key := `"` + ProvenanceKey + `":`
	var at, end int
	var insert []byte
	switch {
	case meta.ok:
		if pf := m.provenance; pf.ok {
			at, end, insert = pf.Start, pf.End, pb
			break
		}
		at, end = meta.Start+1, meta.Start+1
		insert = memberFirst(msg, meta.Start, key, pb)
	default:
		at, end = params.Start+1, params.Start+1
		inner := append(append([]byte(`{`+key), pb...), '}')
		insert = memberFirst(msg, params.Start, `"_meta":`, inner)
	}
	out := make([]byte, 0, len(msg)-(end-at)+len(insert))
	out = append(out, msg[:at]...)
	out = append(out, insert...)
	out = append(out, msg[end:]...)
	delta := len(insert) - (end - at)
	moved := func(f field) field {
		if f.ok && f.Start >= end {
			f.Start, f.End = f.Start+delta, f.End+delta
		}
		return f
	}
	return out, moved, nil
}

// memberFirst is the member name:value to write just after the brace of
// the object at msg[open], with the comma that separates it from the
// object's first member, if it has one.
func memberFirst(msg []byte, open int, name string, value []byte) []byte {
	b := append([]byte(name), value...)
	if msg[jsonwire.SkipSpace(msg, open+1)] != '}' {
		b = append(b, ',')
	}
	return b
}
