package guard

import (
	"bytes"
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// decideCall checks one admitted tools/call request (SEP-3246 sections 4.1
// to 4.5.1) in msg, the message as one line, indexed in m: read the inbound chain, extend it by this guard's hop, write the
// message to forward, check the call as the forwarded bytes carry it
// against effbound, and forward those bytes or answer with the error of
// section 4.3. chains is the session's cache of chains read and extended
// (nil: none).
func decideCall(msg []byte, m *message, id []byte, cfg Config, chains *chainCache) Decision {
	if id == nil {
		d := answer(nil, callWithoutID())
		d.Notification = !m.id.ok
		return d
	}
	if j := m.jsonrpc; !j.ok || !jsonwire.NameIs(j.Of(msg), "2.0") || msg[j.Start] != '"' {
		return answer(id, notJSONRPC2())
	}
	if !m.params.isObject(msg) {
		return answer(id, paramsNotObject())
	}
	if a := m.paramsAlias; a != nil {
		return answer(id, caseAliasRefusal("params.", *a))
	}
	if a := m.metaAlias; a != nil {
		return answer(id, caseAliasRefusal("params._meta.", *a))
	}
	call, err := callName(msg, m, chains)
	if err != nil {
		return answer(id, &Refusal{Class: ErrInvalidParams, Code: CodeInvalidParams, Reason: err.Error(), Cause: err})
	}
	d := Decision{ID: id, Call: call}
	if m.arguments.ok {
		d.Arguments = m.arguments.Of(msg)
	}
	inbound, refusal := inboundChain(msg, m, cfg.Absent, chains)
	if refusal != nil && inbound == nil && refusal.Class == ErrMalformedProvenance {
		// Section 4.3: "MUST NOT fall back to forwarding a call whose
		// provenance it cannot parse", in audit mode too.
		return violation(d, refusal)
	}
	if inbound != nil && len(inbound.Chain) == 0 {
		return violation(d, emptyChain())
	}
	extended, err := chains.extend(inbound, cfg)
	if err != nil {
		return answer(id, unwritable(err))
	}
	ext := extended.chain
	out, moved := rewriteCall(msg, m, extended.written)
	// From here on the call is read from out, the bytes the server gets:
	// the arguments lie where the rewrite moved them (before or after the
	// chain it wrote, never inside).
	args := moved.of(m.arguments)
	if args.ok {
		d.Arguments = args.Of(out)
	}
	// The arguments the rules for the tool constrain: the prepared
	// check's, or found in the chain (on the stack).
	pc, folded := extended.prepared(call.Name, cfg.Canon)
	var names map[string]bool
	if pc != nil {
		names = pc.Arguments()
	} else {
		names = constrained(ext, call.Name)
	}
	if a, ok := argumentAlias(out, &m.args, args.Start-m.arguments.Start, names, folded); ok {
		return answer(id, caseAliasRefusal("params.arguments.", a))
	}
	if refusal == nil {
		if err := readArguments(out, &m.args, args.Start-m.arguments.Start, names, call.Arguments, chains); err != nil {
			refusal = unreadArguments(err)
		} else if c := checkCall(pc, ext, *call, cfg.Canon); !c.Admit {
			refusal = outsideBound(c.Reason)
		}
	}
	if refusal != nil && cfg.Mode != Audit {
		return violation(d, refusal)
	}
	d.Action, d.Message, d.Refusal = Forward, out, refusal
	return d
}

// checkCall is bound.Check of call against ext, by its prepared check pc
// when there is one (the same decision: bound.Prepared).
func checkCall(pc *bound.Prepared, ext *bound.Provenance, call bound.Call, c bound.Canon) bound.Decision {
	if pc != nil {
		return pc.Check(call, c)
	}
	return bound.Check(ext, call, c)
}

// callName reads the params' name and the kind of its arguments as
// bound.CallFromValue does, with its faults (bound.Fault: the name missing
// or not a string, the arguments not an object). The call is the
// session's (chainCache.newCall) when chains is not nil.
func callName(msg []byte, m *message, chains *chainCache) (*bound.Call, error) {
	name := m.name
	s, ok := "", false
	if name.ok {
		s, ok = chains.toolName(name.Of(msg)) // false for any value but a string
	}
	if !ok {
		fault := bound.FaultWantString
		if !name.ok {
			fault = bound.FaultMissing
		}
		return nil, &bound.MalformedError{Pointer: "/name", Fault: fault, Reason: "a call needs a string name"}
	}
	if a := m.arguments; a.ok && !a.isObject(msg) {
		return nil, &bound.MalformedError{Pointer: "/arguments", Fault: bound.FaultWantObject, Reason: "arguments must be an object, not " + a.kindOf(msg)}
	}
	return chains.newCall(s), nil
}

// inboundChain reads _meta["io.noescalation/provenance"] (section 4.1 step
// 1), decoding only that value, or none when chains holds the chain read
// from the same bytes. Absent provenance is nil, and under Reject
// also a refusal (section 4.5.1); malformed provenance, or provenance past
// a limit of targets/bound, is a refusal with a nil chain (section 4.3).
func inboundChain(msg []byte, m *message, absent Disposition, chains *chainCache) (*bound.Provenance, *Refusal) {
	meta := m.meta
	if !meta.ok {
		return nil, absentProvenance(absent)
	}
	if !meta.isObject(msg) {
		return nil, metaNotObject(meta.kindOf(msg))
	}
	pf := m.provenance
	if !pf.ok {
		return nil, absentProvenance(absent)
	}
	p, err := chains.decode(pf.Of(msg))
	if err != nil {
		return nil, malformedProvenance(err)
	}
	return p, nil
}

// constrained returns the arguments that some rule for tool, in some hop
// of the chain, constrains: the only ones bound.Check reads (section 3.1:
// an argument a rule does not name is unconstrained).
func constrained(p *bound.Provenance, tool string) map[string]bool {
	names := map[string]bool{}
	for _, h := range p.Chain {
		for _, r := range h.Bound {
			if r.Tool != tool {
				continue
			}
			for n := range r.Args {
				names[n] = true
			}
		}
	}
	return names
}

// readArguments decodes into into the members of arguments that names
// holds, together at most bound.MaxValues values; past that the call cannot
// be checked, and it is an error. The members are those indexMessage found
// (args, where each name begins), lying shift bytes further on in msg.
// The names kept are chains' when it has them (chainCache.argumentName).
func readArguments(msg []byte, args *offsets, shift int, names map[string]bool, into map[string]bound.Value, chains *chainCache) error {
	if len(names) == 0 {
		return nil
	}
	left := bound.MaxValues
	if err := readChunk(msg, args.first[:args.n], shift, names, into, &left, chains); err != nil {
		return err
	}
	for _, chunk := range args.chunks {
		if err := readChunk(msg, chunk, shift, names, into, &left, chains); err != nil {
			return err
		}
	}
	return nil
}

// argumentAlias returns the first member of arguments, in the message's
// order, that is an alias of a constrained argument (fold.go): a server
// that matches names without case would read its value as that argument,
// or, beside it, one of the two. A name whose ASCII first letter no
// constrained name folds to is passed at once, a constrained name as
// written after a map lookup, and the constrained names are folded whole
// only once another name comes (docs/bench-redteam-callgrind.txt). folded
// is names folded already (a prepared check's, newFoldedNames), or nil:
// folded here, on the stack.
func argumentAlias(msg []byte, args *offsets, shift int, names map[string]bool, folded *foldedNames) (alias, bool) {
	if len(names) == 0 {
		return alias{}, false
	}
	if folded == nil {
		return argumentAliasFolding(msg, args, shift, names)
	}
	return folded.firstAlias(msg, args, shift, names, true)
}

// argumentAliasFolding is argumentAlias with names folded on its stack:
// the first bytes at once, the rest when a name needs them.
func argumentAliasFolding(msg []byte, args *offsets, shift int, names map[string]bool) (alias, bool) {
	var folded foldedNames
	folded.initFirst(names)
	return folded.firstAlias(msg, args, shift, names, false)
}

// firstAlias is argumentAlias's walk over the members with f, names'
// first bytes folded (initFirst) and, when ready, the names whole (init).
func (f *foldedNames) firstAlias(msg []byte, args *offsets, shift int, names map[string]bool, ready bool) (alias, bool) {
	check := func(chunk []uint32) (alias, bool) {
		for _, at := range chunk {
			tok := argumentName(msg, int(at)+shift).Of(msg)
			if f.skips(tok) {
				continue // most names: a first letter no constrained name folds to
			}
			if len(names) == 1 && len(tok) >= 2 && bytes.IndexByte(tok, '\\') < 0 && names[string(tok[1:len(tok)-1])] {
				// The one constrained name as written. Beside another
				// constrained name that folds alike ("path" and "pAth",
				// rules of two hops) it is that name's alias, and must be
				// folded: a server matching names without case reads
				// {"path":..,"pAth":..} as one argument, the last.
				continue
			}
			if !ready {
				f.init(names)
				ready = true
			}
			if a, ok := f.aliasOf(tok); ok {
				return a, true
			}
		}
		return alias{}, false
	}
	if a, ok := check(args.first[:args.n]); ok {
		return a, true
	}
	for _, chunk := range args.chunks {
		if a, ok := check(chunk); ok {
			return a, true
		}
	}
	return alias{}, false
}

// readChunk reads the arguments of one chunk of the index; left counts
// down the values that may still be decoded.
func readChunk(msg []byte, args []uint32, shift int, names map[string]bool, into map[string]bound.Value, left *int, chains *chainCache) error {
	for _, at := range args {
		tok := argumentName(msg, int(at)+shift)
		name, ok := constrainedName(tok.Of(msg), names, chains)
		if !ok {
			continue
		}
		raw := argumentValue(msg, tok.End).Of(msg)
		n := 1 // a string, number or literal is one value
		if raw[0] == '{' || raw[0] == '[' {
			n, _ = jsonwire.CountValues(raw, 0, *left)
		}
		if n > *left {
			return tooManyValues(name)
		}
		*left -= n
		v, err := bound.DecodeAdmitted(raw)
		if err != nil {
			return unreadArgument(name, err)
		}
		into[name] = v
	}
	return nil
}

// tooManyValues and unreadArgument are readChunk's errors, apart from its
// loop (go:noinline: fmt's code inlined there lay between the loop's
// lines).
//
//go:noinline
func tooManyValues(name string) error {
	return fmt.Errorf("the constrained arguments hold more than %d values, more than this guard checks: %w",
		bound.MaxValues, &bound.LimitError{What: "values", Max: bound.MaxValues, Pointer: "/arguments/" + bound.EscapePointerToken(name)})
}

//go:noinline
func unreadArgument(name string, err error) error {
	return fmt.Errorf("argument %q cannot be read: %w", name, err)
}

// constrainedName returns the decoded member name tok if names holds it.
// A name without an escape is looked up without being copied, and copied
// only when chains has not kept it.
func constrainedName(tok []byte, names map[string]bool, chains *chainCache) (string, bool) {
	if len(tok) >= 2 && bytes.IndexByte(tok, '\\') < 0 {
		body := tok[1 : len(tok)-1]
		if !names[string(body)] {
			return "", false
		}
		return chains.argumentName(body), true
	}
	name, ok := jsonwire.Unquote(tok)
	return name, ok && names[name]
}
