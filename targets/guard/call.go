package guard

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// decideCall checks one admitted tools/call request (SEP-3246 sections 4.1
// to 4.5.1): read the inbound chain, extend it by this guard's hop, check
// the call against effbound, and forward the rewritten message or answer
// with the error of section 4.3.
func decideCall(v bound.Value, id []byte, cfg Config) Decision {
	if id == nil {
		return answer(nil, &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
			Reason: "a tools/call must be a request with a string or number id"})
	}
	if j, ok := v.Get("jsonrpc"); !ok || j.Kind != bound.KindString || j.Str != "2.0" {
		return answer(id, &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
			Reason: `a JSON-RPC request must carry "jsonrpc": "2.0"`})
	}
	params, ok := v.Get("params")
	if !ok || params.Kind != bound.KindObject {
		return answer(id, &Refusal{Class: ErrInvalidParams, Code: CodeInvalidParams,
			Reason: "tools/call params must be an object"})
	}
	call, err := bound.CallFromValue(params)
	if err != nil {
		return answer(id, &Refusal{Class: ErrInvalidParams, Code: CodeInvalidParams, Reason: err.Error(), Cause: err})
	}
	d := Decision{ID: id, Call: &call}
	inbound, refusal := inboundChain(params, call, cfg.Absent)
	if refusal != nil && inbound == nil && refusal.Class == ErrMalformedProvenance {
		// Section 4.3: "MUST NOT fall back to forwarding a call whose
		// provenance it cannot parse", in audit mode too.
		return violation(d, refusal, params)
	}
	if inbound != nil && len(inbound.Chain) == 0 {
		// Section 3.1: an empty chain admits nothing, and "MUST NOT" be
		// read as absent; extended by this guard's hop it would be, at
		// every guard downstream, so audit mode does not forward it either
		// (findings/spec/guard-audit-malformed.md).
		return violation(d, &Refusal{Class: ErrOutsideBound, Code: CodeOutsideBound,
			Reason: "the inbound chain is empty and confers no authority"}, params)
	}
	ext := inbound.Extend(cfg.Component, cfg.Policy)
	if refusal == nil {
		if c := bound.Check(ext, call, cfg.Canon); !c.Admit {
			refusal = &Refusal{Class: ErrOutsideBound, Code: CodeOutsideBound, Reason: c.Reason}
		}
	}
	if refusal != nil && cfg.Mode != Audit {
		return violation(d, refusal, params)
	}
	out, err := rewriteCall(v, ext)
	if err != nil {
		return answer(id, &Refusal{Class: ErrGuardConfig, Code: CodeInternalError,
			Reason: "the extended message cannot be written: " + err.Error(), Cause: err})
	}
	d.Action, d.Message, d.Refusal = Forward, out, refusal
	return d
}

// inboundChain reads _meta["io.noescalation/provenance"] (section 4.1 step
// 1). Absent provenance is nil, and under Reject also a refusal (section
// 4.5.1); malformed provenance is a refusal with a nil chain (section 4.3).
// A _meta that is not an object is malformed provenance: the key cannot be
// read, and cannot be taken as absent.
func inboundChain(params bound.Value, call bound.Call, absent Disposition) (*bound.Provenance, *Refusal) {
	meta, ok := params.Get("_meta")
	var pv bound.Value
	if ok {
		if meta.Kind != bound.KindObject {
			return nil, &Refusal{Class: ErrMalformedProvenance, Code: CodeOutsideBound,
				Reason: "params._meta must be an object, not " + meta.Kind.String()}
		}
		pv, ok = meta.Get(ProvenanceKey)
	}
	if !ok {
		if absent == Reject {
			return nil, &Refusal{Class: ErrAbsentProvenance, Code: CodeOutsideBound,
				Reason: "the call carries no provenance and this guard's disposition is reject"}
		}
		return nil, nil
	}
	p, err := bound.ProvenanceFromValue(pv)
	if err != nil {
		return nil, &Refusal{Class: ErrMalformedProvenance, Code: CodeOutsideBound,
			Reason: fmt.Sprintf("the provenance is malformed: %v", err), Cause: err}
	}
	return p, nil
}

// callArguments writes a call's arguments as one JSON object, members
// sorted by name.
func callArguments(c bound.Call) ([]byte, error) {
	obj := bound.Value{Kind: bound.KindObject}
	for name, v := range c.Arguments {
		obj.Members = append(obj.Members, bound.Member{Name: name, Value: v})
	}
	return obj.MarshalJSON()
}
