package property

import (
	"encoding/json"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// provenancePastCap reports whether the message's
// params._meta["io.noescalation/provenance"] (SEP-3246 section 4.1 step
// 1) holds more than gen.ValueCap JSON values (bound.MaxValues as bound
// documents it), read the slow way by encoding/json (exact member names;
// a message it cannot read is not past the cap here).
func provenancePastCap(raw []byte) bool {
	pf, ok := rawMember(raw, "params", "_meta", "io.noescalation/provenance")
	if !ok {
		return false
	}
	var v any
	if json.Unmarshal(pf, &v) != nil {
		return false
	}
	return countJSONValues(v) > gen.ValueCap
}

// rawMember is the raw value at the path of member names, each in an
// object.
func rawMember(raw []byte, path ...string) (json.RawMessage, bool) {
	for _, name := range path {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil, false
		}
		v, ok := obj[name]
		if !ok {
			return nil, false
		}
		raw = v
	}
	return raw, true
}

// countJSONValues counts every scalar, array and object of a value
// decoded by encoding/json, as bound.MaxValues counts them.
func countJSONValues(v any) int {
	n := 1
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			n += countJSONValues(e)
		}
	case map[string]any:
		for _, e := range t {
			n += countJSONValues(e)
		}
	}
	return n
}
