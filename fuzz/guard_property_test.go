package fuzz_test

import (
	"bytes"
	"errors"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// decider is a guard's decision function under test: guard.Decide in the
// fuzz target, a planted fault in TestPlantedGuardAndCanonFaultsAreFound.
type decider func(raw []byte, cfg guard.Config) guard.Decision

// guardConfig is the one guard every message is decided by: component
// "guard", gen.GuardPolicy, absent provenance originating a chain, enforce
// mode, every argument read both ways (no schemas).
var guardConfig = sync.OnceValue(func() guard.Config {
	policy, err := bound.ParseBound([]byte(gen.GuardPolicy))
	if err != nil {
		panic("gen.GuardPolicy does not parse: " + err.Error())
	}
	return guard.Config{Component: "guard", Policy: policy, Absent: guard.Originate, Mode: guard.Enforce}
})

// guardForwardsOnlyWhatEveryParserReadsInside is the property of
// FuzzGuardForwardsOnlyWhatEveryParserReadsInside, on one raw client
// message:
//   - forwarded: each of messageReaders reads the forwarded bytes, all
//     three read the same tree, and the tools/call each reads is within
//     the effective bound: bound.Check admits it under the chain the
//     forwarded bytes carry (as that reader reads it) extended by the
//     guard's own hop, so a forward that carries no chain is held to the
//     policy alone;
//   - relayed: the message byte for byte, which every reader reads alike
//     and none reads as a tools/call;
//   - answered: an error response (no method) to the client, and never a
//     message that every reader reads alike as something other than a
//     tools/call, unless admission refused it.
func guardForwardsOnlyWhatEveryParserReadsInside(decide decider, raw []byte) error {
	cfg := guardConfig()
	d := decide(raw, cfg)
	switch d.Action {
	case guard.Forward:
		return forwardedReadsInside(raw, d, cfg)
	case guard.Relay:
		if !bytes.Equal(d.Message, raw) {
			return violated(raw, nil, "relayed as %q, not byte for byte", d.Message)
		}
		r, err := oneReading(d.Message)
		if err != nil {
			return violated(raw, nil, "relayed, but %v", err)
		}
		if r.isCall() {
			return violated(raw, nil, "relayed unchecked, but every reader reads a tools/call")
		}
		return nil
	case guard.Answer:
		return answeredNotForwarded(raw, d)
	}
	return violated(raw, nil, "unknown action %v", d.Action)
}

// forwardedReadsInside checks a forward: one reading for all readers, a
// call within the effective bound under each.
func forwardedReadsInside(raw []byte, d guard.Decision, cfg guard.Config) error {
	r, err := oneReading(d.Message)
	if err != nil {
		return violated(raw, nil, "forwarded %q, but %v", d.Message, err)
	}
	switch {
	case !r.isCall() || r.call == nil:
		return violated(raw, nil, "forwarded %q, which readers read as no tools/call (%v)", d.Message, r.callErr)
	case r.chainErr != nil:
		return violated(raw, nil, "forwarded %q, whose provenance does not read: %v", d.Message, r.chainErr)
	}
	eff := &bound.Provenance{V: bound.Version}
	if r.chain != nil {
		eff.V, eff.Chain = r.chain.V, append(eff.Chain, r.chain.Chain...)
	}
	eff.Chain = append(eff.Chain, bound.Hop{Component: cfg.Component, Bound: cfg.Policy})
	if c := bound.Check(eff, *r.call, cfg.Canon); !c.Admit {
		return violated(raw, nil, "forwarded %q: every reader reads %q %v, outside the effective bound: %s",
			d.Message, r.call.Name, r.call.Arguments, c.Reason)
	}
	return nil
}

// oneReading reads b with every reader and returns the reading they share,
// or what kept them from sharing one: a reader refusing b, or two readers
// reading different trees.
func oneReading(b []byte) (messageReading, error) {
	var first []byte
	var tree bound.Value
	for i, rd := range messageReaders {
		t, err := rd.read(b)
		if err != nil {
			return messageReading{}, errors.New("the " + rd.name + " reader refuses it: " + err.Error())
		}
		text, _ := t.MarshalJSON()
		if i == 0 {
			first, tree = text, t
		} else if !bytes.Equal(text, first) {
			return messageReading{}, errors.New("readers differ: " + messageReaders[0].name + " reads " + string(first) +
				", " + rd.name + " reads " + string(text))
		}
	}
	return readMessage(tree), nil
}

// answeredNotForwarded checks an answer: it is a JSON-RPC error, and the
// message was not one that section 4.2 says to relay unchanged.
func answeredNotForwarded(raw []byte, d guard.Decision) error {
	a, err := readTokens(d.Message, true)
	if _, isErr := a.Get("error"); err != nil || !isErr {
		return violated(raw, nil, "answered with %q, not a JSON-RPC error (%v)", d.Message, err)
	}
	if _, hasMethod := a.Get("method"); hasMethod {
		return violated(raw, nil, "answered with %q, which has a method", d.Message)
	}
	r, err := oneReading(raw)
	if err != nil || r.tree.Kind != bound.KindObject || r.isCall() || (r.method != nil && r.method.Kind != bound.KindString) {
		return nil // not a message every reader reads as one non-call request or response
	}
	if d.Refusal != nil && (errors.Is(d.Refusal, guard.ErrNotAdmitted) || errors.Is(d.Refusal, guard.ErrTooLarge)) {
		return nil // admission caps the readers do not have: depth, number range, size
	}
	return violated(raw, nil, "answered %q (%v), though every reader reads one message that is not a tools/call, to be relayed unchanged",
		d.Message, d.Refusal)
}
