package guard

import (
	"slices"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"golang.org/x/text/unicode/norm"
)

// DecideReference is the reference twin of [Decide]: the same decision
// (SEP-3246 section 4), taken the slow and obvious way. It decodes the
// whole message into a tree, reads the call from the tree, and forwards
// its own deterministic serialization of the tree with the extended chain
// set in _meta (members sorted by name), each message written as one line
// as [reframe] writes it. It costs a tree of the whole message, so it is
// for differential tests only (the property DecideMatchesReference,
// fuzz/property): the cheap Decide must take the same action, for the same
// reason, with an id, a method and a forwarded message read alike.
func DecideReference(raw []byte, cfg Config) Decision {
	if err := cfg.Validate(); err != nil {
		return answer(nil, &Refusal{Class: ErrGuardConfig, Code: CodeInternalError, Reason: err.Error(), Cause: err})
	}
	if err := admit.Scan(raw, admit.Options{}); err != nil {
		return refusedAnswer(raw, err)
	}
	v, err := bound.DecodeAdmitted(raw) // admitted just above: bound.ParseValue would admit it again
	if err != nil {
		return answer(nil, &Refusal{Class: ErrNotAdmitted, Code: CodeParseError, Reason: "admitted but not decoded: " + err.Error(), Cause: err})
	}
	switch v.Kind {
	case bound.KindObject:
	case bound.KindArray:
		return answer(nil, batchRefusal())
	default:
		return answer(nil, notAnObject(v.Kind.String()))
	}
	id := idOf(v)
	_, hasMethod := v.Get("method")
	_, hasID := v.Get("id")
	notification := hasMethod && !hasID
	if a, ok := referenceAlias(v, []string{"jsonrpc", "id", "method", "params"}); ok {
		if a.of == "id" {
			id = nil
		}
		return refusedTopLevel(id, caseAliasRefusal("", a), notification)
	}
	m, ok := v.Get("method")
	if !ok {
		return Decision{Action: Relay, Message: reframe(raw), ID: id}
	}
	if m.Kind != bound.KindString {
		return refusedTopLevel(id, methodNotString(m.Kind.String()), notification)
	}
	if idv, ok := v.Get("id"); ok && idv.Kind == bound.KindString && cString(idv.Str) != idv.Str {
		return answer(id, requestIDWithNUL())
	}
	if m.Str != MethodCall {
		if cString(m.Str) != m.Str {
			return refusedTopLevel(id, methodWithNUL(m.Str), notification)
		}
		if idv, ok := v.Get("id"); ok && id == nil {
			d := answer(nil, requestIDNotStringOrNumber(idv.Kind.String()))
			d.Method = m.Str
			return d
		}
		return Decision{Action: Relay, Message: reframe(raw), Method: m.Str, ID: id}
	}
	d := referenceCall(v, id, cfg)
	d.Method = MethodCall
	return d
}

// idOf returns a string or number id as deterministic JSON, or nil.
func idOf(v bound.Value) []byte {
	id, ok := v.Get("id")
	if !ok || (id.Kind != bound.KindString && id.Kind != bound.KindNumber) {
		return nil
	}
	b, _ := id.MarshalJSON()
	return b
}

// referenceCall is decideCall on the tree.
func referenceCall(v bound.Value, id []byte, cfg Config) Decision {
	if id == nil {
		d := answer(nil, callWithoutID())
		_, hasID := v.Get("id")
		d.Notification = !hasID
		return d
	}
	if j, ok := v.Get("jsonrpc"); !ok || j.Kind != bound.KindString || j.Str != "2.0" {
		return answer(id, notJSONRPC2())
	}
	params, ok := v.Get("params")
	if !ok || params.Kind != bound.KindObject {
		return answer(id, paramsNotObject())
	}
	if a, ok := referenceAlias(params, []string{"name", "arguments", "_meta"}); ok {
		return answer(id, caseAliasRefusal("params.", a))
	}
	if meta, ok := params.Get("_meta"); ok && meta.Kind == bound.KindObject {
		if a, ok := referenceAlias(meta, []string{ProvenanceKey}); ok {
			return answer(id, caseAliasRefusal("params._meta.", a))
		}
	}
	call, err := bound.CallFromValue(params)
	if err != nil {
		return answer(id, &Refusal{Class: ErrInvalidParams, Code: CodeInvalidParams, Reason: err.Error(), Cause: err})
	}
	d := Decision{ID: id, Call: &call}
	if args, ok := params.Get("arguments"); ok {
		d.Arguments, _ = args.MarshalJSON()
		d.Arguments = reframe(d.Arguments)
	}
	inbound, refusal := referenceInbound(params, cfg.Absent)
	if refusal != nil && inbound == nil && refusal.Class == ErrMalformedProvenance {
		return violation(d, refusal)
	}
	if inbound != nil && len(inbound.Chain) == 0 {
		return violation(d, emptyChain())
	}
	ext := inbound.Extend(cfg.Component, cfg.Policy)
	if args, ok := params.Get("arguments"); ok {
		names := constrained(ext, call.Name)
		var wants []string
		for n := range names {
			wants = append(wants, n)
		}
		slices.Sort(wants)
		if a, ok := referenceAlias(args, wants); ok {
			return answer(id, caseAliasRefusal("params.arguments.", a))
		}
	}
	if refusal == nil {
		if c := bound.Check(ext, call, cfg.Canon); !c.Admit {
			refusal = outsideBound(c.Reason)
		}
	}
	if refusal != nil && cfg.Mode != Audit {
		return violation(d, refusal)
	}
	out, err := referenceRewrite(v, ext)
	if err != nil {
		return answer(id, unwritable(err))
	}
	d.Action, d.Message, d.Refusal = Forward, out, refusal
	return d
}

// referenceInbound is inboundChain on the tree.
func referenceInbound(params bound.Value, absent Disposition) (*bound.Provenance, *Refusal) {
	meta, ok := params.Get("_meta")
	var pv bound.Value
	if ok {
		if meta.Kind != bound.KindObject {
			return nil, metaNotObject(meta.Kind.String())
		}
		pv, ok = meta.Get(ProvenanceKey)
	}
	if !ok {
		return nil, absentProvenance(absent)
	}
	p, err := bound.ProvenanceFromValue(pv)
	if err != nil {
		return nil, malformedProvenance(err)
	}
	return p, nil
}

// referenceRewrite writes the tree with params._meta[ProvenanceKey] set to
// ext, serialized by targets/bound, as one line.
func referenceRewrite(msg bound.Value, ext *bound.Provenance) ([]byte, error) {
	pb, err := ext.MarshalJSON()
	if err != nil {
		return nil, err
	}
	pv, err := bound.ParseValue(pb)
	if err != nil {
		return nil, err
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
	return reframe(out), nil
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

// referenceAlias is the first member of the object obj, in order, whose
// name is an alias of one of wants (fold.go): equal to it once it is cut at
// its first NUL (cString), both are in NFC and every rune is folded
// (foldRune), not equal to it.
func referenceAlias(obj bound.Value, wants []string) (alias, bool) {
	for _, m := range obj.Members {
		for _, w := range wants {
			if m.Name != w && string(appendFolded(nil, []byte(norm.NFC.String(cString(m.Name))))) == string(appendFolded(nil, []byte(norm.NFC.String(w)))) {
				return alias{name: m.Name, of: w}, true
			}
		}
	}
	return alias{}, false
}
