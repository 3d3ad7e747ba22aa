package property

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// callMembers are the members of a tools/call request the guard reads
// before its arguments (SEP-3246 section 4.1), read the slow way: by
// go-json-experiment/json, whose member names match exactly, into raw
// values, the whole message in one pass (a message the property reads here
// holds 64 Ki values). A member that is absent is nil.
type callMembers struct {
	JSONRPC jsontext.Value `json:"jsonrpc"`
	ID      jsontext.Value `json:"id"`
	Method  jsontext.Value `json:"method"`
	Params  jsontext.Value `json:"params"`
}

// paramsMembers are the members of a call's params the guard reads.
type paramsMembers struct {
	Name      jsontext.Value `json:"name"`
	Arguments jsontext.Value `json:"arguments"`
	Meta      jsontext.Value `json:"_meta"`
}

// readParams reads raw's params, if raw is an object and its params one.
func readParams(raw []byte) (callMembers, paramsMembers, bool) {
	var c callMembers
	var p paramsMembers
	if json.Unmarshal(raw, &c) != nil || c.Params.Kind() != '{' || json.Unmarshal(c.Params, &p) != nil {
		return c, p, false
	}
	return c, p, true
}

// provenanceValue is params._meta's provenance, nil when _meta or the key
// is absent; false when _meta is not an object.
func provenanceValue(p paramsMembers) (jsontext.Value, bool) {
	if p.Meta == nil {
		return nil, true
	}
	var meta map[string]jsontext.Value
	if p.Meta.Kind() != '{' || json.Unmarshal(p.Meta, &meta) != nil {
		return nil, false
	}
	return meta[guard.ProvenanceKey], true
}

// provenancePastCap reports whether the message's
// params._meta["io.noescalation/provenance"] (SEP-3246 section 4.1 step
// 1) holds more than gen.ValueCap JSON values (bound.MaxValues as bound
// documents it); a message that cannot be read so is not past the cap
// here.
func provenancePastCap(raw []byte) bool {
	_, p, ok := readParams(raw)
	if !ok {
		return false
	}
	pv, _ := provenanceValue(p)
	return pv != nil && tokenValues(pv) > gen.ValueCap
}

// tokenValues counts the JSON values of raw, a valid JSON value, as
// bound.MaxValues counts them (every scalar, array and object), from the
// tokens jsontext reads: each token but an end and a member name begins a
// value. It builds no tree: what it counts may hold 64 Ki values.
func tokenValues(raw []byte) int {
	d := jsontext.NewDecoder(bytes.NewReader(raw))
	n := 0
	for {
		tok, err := d.ReadToken()
		if err != nil {
			return n
		}
		if k := tok.Kind(); k == ']' || k == '}' {
			continue
		}
		// A name leaves its object's count of names and values odd.
		if kind, length := d.StackIndex(d.StackDepth()); kind == '{' && length%2 == 1 {
			continue
		}
		n++
	}
}
