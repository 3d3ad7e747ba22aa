package guard

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// rewriteCall writes the tools/call to forward (SEP-3246 section 4.1 step
// 3): the message as the guard decoded it, with params._meta[ProvenanceKey]
// set to ext, serialized deterministically by targets/bound (members sorted
// by name). The server therefore reads exactly the value that was checked.
// The result is admitted again before it is returned.
func rewriteCall(msg bound.Value, ext *bound.Provenance) ([]byte, error) {
	pb, err := ext.MarshalJSON()
	if err != nil {
		return nil, err
	}
	pv, err := bound.ParseValue(pb)
	if err != nil {
		return nil, fmt.Errorf("the extended chain does not read back: %w", err)
	}
	params, _ := msg.Get("params")
	meta, _ := params.Get("_meta")
	if meta.Kind != bound.KindObject {
		meta = bound.Value{Kind: bound.KindObject}
	}
	meta = withMember(meta, ProvenanceKey, pv)
	params = withMember(params, "_meta", meta)
	out, err := withMember(msg, "params", params).MarshalJSON()
	if err != nil {
		return nil, err
	}
	if err := admit.Scan(out, admit.Options{}); err != nil {
		return nil, fmt.Errorf("the forwarded message would not be admitted: %w", err)
	}
	return out, nil
}

// withMember returns a copy of the object obj with member name set to
// value, replacing it in place or appending it.
func withMember(obj bound.Value, name string, value bound.Value) bound.Value {
	out := bound.Value{Kind: bound.KindObject, Members: make([]bound.Member, 0, len(obj.Members)+1)}
	replaced := false
	for _, m := range obj.Members {
		if m.Name == name {
			m.Value, replaced = value, true
		}
		out.Members = append(out.Members, m)
	}
	if !replaced {
		out.Members = append(out.Members, bound.Member{Name: name, Value: value})
	}
	return out
}
