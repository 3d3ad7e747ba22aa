package property

import (
	"errors"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// argumentLimit holds the decision on a message the twin cannot decode
// whose constrained arguments the guard reads (constrainedValues: values
// of them, ok): past gen.ValueCap values they cannot be checked, and the
// call is refused (answered in enforce mode, recorded in audit mode) with
// a *bound.LimitError of values at the cap as the cause; within the cap
// they are read and checked, and no refusal is caused by a limit (SEP-3246
// section 4.2; the guard's limit, bound.MaxValues, as bound documents it).
func argumentLimit(property string, mode guard.Mode, values int, ok bool, got guard.Decision) *Violation {
	if !ok {
		return nil
	}
	var le *bound.LimitError
	limited := got.Refusal != nil && errors.As(got.Refusal.Cause, &le)
	switch past := values > gen.ValueCap; {
	case !past && limited:
		return violated(property, "reference:argument-limit", "%v: constrained arguments of %d values, within the cap of %d: %v (%v), want them read, not refused for a limit",
			mode, values, gen.ValueCap, got.Action, got.Refusal)
	case past && (!limited || le.What != "values" || le.Max != gen.ValueCap):
		return violated(property, "reference:argument-limit", "%v: constrained arguments of %d values, past the cap of %d: %v (%v), want a refusal caused by a *bound.LimitError of %d values",
			mode, values, gen.ValueCap, got.Action, got.Refusal, gen.ValueCap)
	case past && mode == guard.Enforce && got.Action != guard.Answer:
		return violated(property, "reference:argument-limit", "%v: constrained arguments of %d values, past the cap of %d: %v, want an answer", mode, values, gen.ValueCap, got.Action)
	}
	return nil
}

// constrainedValues counts, the slow way, the JSON values guard.Decide
// decodes to check raw under cfg (as bound.MaxValues counts them). ok says
// the guard reads raw's arguments: raw is a tools/call request (a string
// or number id, "jsonrpc": "2.0") whose params are an object with a string
// name and, if present, object arguments, and whose provenance is absent
// under the originate disposition or parses to a chain that is not empty
// (SEP-3246 sections 4.1, 4.3, 4.5.1). The arguments counted are those a
// rule for the tool constrains in that chain extended by cfg's hop (section
// 3.1: an argument no rule names is unconstrained). Read with
// go-json-experiment/jsontext (exact member names, readCall) and bound's
// provenance parser.
func constrainedValues(raw []byte, cfg guard.Config) (values int, ok bool) {
	return readCall(raw).constrainedValues(cfg)
}

// constrainedValues is constrainedValues of the message r read.
func (r callReading) constrainedValues(cfg guard.Config) (values int, ok bool) {
	if !r.readsCall() {
		return 0, false
	}
	tool := jsonString(r.name)
	inbound, ok := r.checkedProvenance(cfg.Absent)
	if !ok {
		return 0, false
	}
	names := map[string]bool{}
	for _, h := range inbound.Extend(cfg.Component, cfg.Policy).Chain {
		for _, rule := range h.Bound {
			if rule.Tool != tool {
				continue
			}
			for arg := range rule.Args {
				names[arg] = true
			}
		}
	}
	for arg, n := range r.args.values {
		if names[arg] {
			values += n
		}
	}
	return values, true
}

// readsCall reports whether the guard goes on to read the call r read,
// its provenance and then its arguments (SEP-3246 section 4.1): a
// tools/call request with a string or number id and "jsonrpc": "2.0",
// whose params are an object with a string name and, if present, object
// arguments. Any other message is decided before its provenance is read:
// a tools/call is refused as no request (an id null, red-team pass 4's
// class among them), for an id holding a NUL, as no JSON-RPC 2.0 or for
// its params (a case alias of a name is not read here); any other
// method is relayed or refused for its id.
func (r callReading) readsCall() bool {
	return r.ok && jsonString(r.method) == guard.MethodCall && jsonString(r.jsonrpc) == "2.0" && requestID(r.id) &&
		!strings.ContainsRune(jsonString(r.id), 0) && // an id holding a NUL is refused first (red-team pass 3)
		r.name.Kind() == '"' && (!r.args.present || r.args.object)
}

// checkedProvenance is the provenance of the call if the guard goes on to
// check it against it: nil when it is absent under the originate
// disposition, a parsed chain that is not empty when present.
func (r callReading) checkedProvenance(absent guard.Disposition) (*bound.Provenance, bool) {
	switch {
	case r.meta.present && !r.meta.object:
		return nil, false
	case r.provenance == nil:
		return nil, absent == guard.Originate
	}
	v, err := bound.ParseValue(r.provenance)
	if err != nil {
		return nil, false
	}
	inbound, err := bound.ProvenanceFromValue(v)
	return inbound, err == nil && len(inbound.Chain) > 0
}

// jsonString decodes raw as a string, "" for another kind.
func jsonString(raw jsontext.Value) string {
	var s string
	if raw.Kind() != '"' || json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// requestID reports whether raw is an id the guard answers a call by: a
// string or a number (JSON-RPC 2.0 section 4).
func requestID(raw jsontext.Value) bool {
	k := raw.Kind()
	return k == '"' || k == '0'
}
