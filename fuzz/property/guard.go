package property

import (
	"bytes"
	"errors"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/linereader"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/msgreader"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// Decider is a guard's decision on one client message (SEP-3246 section
// 4): guard.Decide, or a planted variant.
type Decider = func(raw []byte, cfg guard.Config) guard.Decision

// GuardConfig is the one guard every message is decided by: component
// "guard", gen.GuardPolicy, absent provenance originating a chain,
// enforce mode, every argument read both ways (no schemas).
var GuardConfig = sync.OnceValue(func() guard.Config {
	policy, err := bound.ParseBound([]byte(gen.GuardPolicy))
	if err != nil {
		panic("property: gen.GuardPolicy does not parse: " + err.Error())
	}
	return guard.Config{Component: "guard", Policy: policy, Absent: guard.Originate, Mode: guard.Enforce}
})

// GuardForwardsOnlyWhatEveryParserReadsInside holds decide to
// GuardDecisionReadsInside on data as a raw client message, and on the
// message gen.GenerateMessage makes of it (duplicate name, arguments,
// params, method, _meta, provenance or chain members with one value inside
// the bound and one outside, escaped member names, lone surrogates,
// invalid UTF-8, trailing commas).
func GuardForwardsOnlyWhatEveryParserReadsInside(decide Decider, data []byte) *Violation {
	if v := GuardDecisionReadsInside(decide, data); v != nil {
		return v
	}
	return GuardDecisionReadsInside(decide, gen.GenerateMessage(data).Text)
}

// GuardDecisionReadsInside decides one raw client message under
// GuardConfig and requires:
//
//   - whatever the guard sends (a relay or forward to the server, an
//     answer to the client), written as the transport writes it (the
//     message and an LF), is exactly one line to every framing reader of
//     fuzz/oracle/linereader, and that line reads, under every JSON
//     reader, as the message the guard decided on (classes
//     ACTION:framing:READER:lines, ACTION:framing:READER:unreadable,
//     ACTION:framing:READER:differs);
//   - forwarded: each JSON reader (last-wins, first-wins, strict,
//     caseless: the JSON-RPC names matched without case, C strings: read
//     up to their first NUL) reads the bytes, all five read one tree (forward:reader-refuses,
//     forward:readers-differ), and the tools/call in it is within the
//     effective bound: bound.Check admits it under the chain the bytes
//     carry, as they read, extended by the guard's hop
//     (forward:not-a-call, forward:chain-unreadable,
//     forward:outside-bound);
//   - relayed: the message byte for byte or, when it holds a line end some
//     reader splits on, re-encoded as one line the JSON readers read as
//     the message (relay:changed, relay:reencoding-differs), which every
//     reader reads alike (relay:unreadable) and none as a tools/call
//     (relay:call);
//   - answered: a JSON-RPC error with no method (answer:not-an-error,
//     answer:has-method), and never a message every reader reads as one
//     non-call, which section 4.2 says to relay, unless admission refused
//     it or it is a request whose id is a boolean, an object or an array,
//     which JSON-RPC 2.0 section 4 forbids, or null, which MCP forbids,
//     answered as such: -32600 (guard.ErrNotRequest) by id null
//     (answer:relayable).
func GuardDecisionReadsInside(decide Decider, raw []byte) *Violation {
	const name = "GuardForwardsOnlyWhatEveryParserReadsInside"
	cfg := GuardConfig()
	d := decide(raw, cfg)
	action := d.Action.String()
	if d.Action == guard.Relay || d.Action == guard.Forward || d.Action == guard.Answer {
		decided := d.Message
		if d.Action == guard.Relay {
			decided = raw
		}
		if v := framedAsOneLine(name, action, d.Message, decided); v != nil {
			return v
		}
	}
	switch d.Action {
	case guard.Forward:
		return forwardedReadsInside(name, d, cfg)
	case guard.Relay:
		if v := relayFaithful(name, raw, d.Message); v != nil {
			return v
		}
		r, err := msgreader.One(d.Message)
		if err != nil {
			return violated(name, "relay:unreadable", "relayed %q, but %v", d.Message, err)
		}
		if r.IsCall() {
			return violated(name, "relay:call", "relayed %q unchecked, but every reader reads a tools/call", d.Message)
		}
		return nil
	case guard.Answer:
		return answeredNotRelayed(name, raw, d)
	}
	return violated(name, "unknown-action", "action %v", d.Action)
}

// framedAsOneLine holds one message the guard sends to the framing
// readers: msg and the LF after it are one line to each, which the JSON
// readers read as decided.
func framedAsOneLine(property, action string, msg, decided []byte) *Violation {
	stream := append(bytes.Clone(msg), '\n')
	asDecided := -1 // whether msg reads as decided: unknown, 0 or 1
	for _, r := range linereader.Readers {
		lines, err := r.Lines(stream)
		switch {
		case err != nil:
			return violated(property, action+":framing:"+r.Name+":unreadable", "%q: %v", msg, err)
		case len(lines) != 1:
			return violated(property, action+":framing:"+r.Name+":lines", "%q is %d lines to the %s reader (%q)", msg, len(lines), r.Name, lines)
		}
		same := false
		if line := lines[0]; bytes.Equal(line, msg) || bytes.Equal(line, stream) {
			// The message, or the message and its LF, which is JSON
			// whitespace: it reads as the message does.
			if asDecided < 0 {
				asDecided = 0
				if sameReadings(msg, decided) {
					asDecided = 1
				}
			}
			same = asDecided == 1
		} else {
			same = sameReadings(line, decided)
		}
		if !same {
			return violated(property, action+":framing:"+r.Name+":differs", "the %s reader's line %q does not read as %q", r.Name, lines[0], decided)
		}
	}
	return nil
}

// sameReadings reports whether every JSON reader reads a and b alike:
// both as the same tree, or both not at all.
func sameReadings(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	for _, rd := range msgreader.Readers {
		ta, ea := rd.Read(a)
		tb, eb := rd.Read(b)
		if (ea == nil) != (eb == nil) {
			return false
		}
		if ea == nil {
			ja, _ := ta.MarshalJSON()
			jb, _ := tb.MarshalJSON()
			if !bytes.Equal(ja, jb) {
				return false
			}
		}
	}
	return true
}

// holdsLineEnd reports whether some framing reader splits b.
func holdsLineEnd(b []byte) bool {
	for _, r := range linereader.Readers {
		if lines, err := r.Lines(b); err != nil || len(lines) != 1 || !bytes.Equal(lines[0], b) {
			return len(b) > 0
		}
	}
	return false
}

// relayFaithful: a relay is the message byte for byte (section 4.2,
// "relayed unchanged") unless the message holds a line end a reader
// splits on; then it is re-encoded, and must read as the message under
// every JSON reader.
func relayFaithful(property string, raw, relayed []byte) *Violation {
	switch {
	case bytes.Equal(raw, relayed):
		return nil
	case !holdsLineEnd(raw):
		return violated(property, "relay:changed", "relayed as %q, not byte for byte", relayed)
	case !sameReadings(raw, relayed):
		return violated(property, "relay:reencoding-differs", "relayed as %q, which does not read as the message", relayed)
	}
	return nil
}

// forwardedReadsInside checks a forward: one reading for all readers, a
// call within the effective bound under each.
func forwardedReadsInside(property string, d guard.Decision, cfg guard.Config) *Violation {
	r, err := msgreader.One(d.Message)
	if err != nil {
		class := "forward:reader-refuses"
		if errors.Is(err, msgreader.ErrReadersDiffer) {
			class = "forward:readers-differ"
		}
		return violated(property, class, "forwarded %q, but %v", d.Message, err)
	}
	switch {
	case !r.IsCall() || r.Call == nil:
		return violated(property, "forward:not-a-call", "forwarded %q, which readers read as no tools/call (%v)", d.Message, r.CallErr)
	case r.ChainErr != nil:
		return violated(property, "forward:chain-unreadable", "forwarded %q, whose provenance does not read: %v", d.Message, r.ChainErr)
	}
	eff := &bound.Provenance{V: bound.Version}
	if r.Chain != nil {
		eff.V, eff.Chain = r.Chain.V, append(eff.Chain, r.Chain.Chain...)
	}
	eff.Chain = append(eff.Chain, bound.Hop{Component: cfg.Component, Bound: cfg.Policy})
	if c := bound.Check(eff, *r.Call, cfg.Canon); !c.Admit {
		return violated(property, "forward:outside-bound", "forwarded %q: every reader reads %q %v, outside the effective bound: %s",
			d.Message, r.Call.Name, r.Call.Arguments, c.Reason)
	}
	return nil
}

// answeredNotRelayed checks an answer: it is a JSON-RPC error, and the
// message was not one that section 4.2 says to relay unchanged.
func answeredNotRelayed(property string, raw []byte, d guard.Decision) *Violation {
	a, err := msgreader.ReadTokens(d.Message, true)
	if _, isErr := a.Get("error"); err != nil || !isErr {
		return violated(property, "answer:not-an-error", "answered with %q, not a JSON-RPC error (%v)", d.Message, err)
	}
	if _, hasMethod := a.Get("method"); hasMethod {
		return violated(property, "answer:has-method", "answered with %q, which has a method", d.Message)
	}
	r, err := msgreader.One(raw)
	if err != nil || r.Tree.Kind != bound.KindObject || r.IsCall() || (r.Method != nil && r.Method.Kind != bound.KindString) {
		return nil // not a message every reader reads as one non-call request or response
	}
	if d.Refusal != nil && (errors.Is(d.Refusal, guard.ErrNotAdmitted) || errors.Is(d.Refusal, guard.ErrTooLarge)) {
		return nil // admission caps the readers do not have: depth, number range, size
	}
	if id, ok := r.Tree.Get("id"); ok && r.Method != nil && id.Kind != bound.KindString && id.Kind != bound.KindNumber &&
		refusedForTheID(a, d.Refusal) {
		// JSON-RPC 2.0 section 4: a request's id "MUST contain a String,
		// Number, or Null value", and MCP (2025-06-18, basic "Requests"):
		// "the ID MUST NOT be null"; a request of another id is no request
		// to relay (the guard could neither match its answer nor answer it
		// for a server that goes away). That excuses the answer that says
		// so, an invalid request answered by id null, and no other: a
		// refusal for any other reason, or one addressed to some id, is
		// the answer to a message to relay (answer:relayable).
		return nil
	}
	return violated(property, "answer:relayable", "answered %q (%v), though every reader reads one message that is not a tools/call, to be relayed unchanged",
		d.Message, d.Refusal)
}

// refusedForTheID reports whether the answer a, refusal r is the one a
// request whose id is not a string or a number gets: an invalid request
// (guard.ErrNotRequest, -32600, JSON-RPC 2.0 section 5.1) answered by id
// null, as section 5 says of an id that cannot be detected.
func refusedForTheID(a bound.Value, r *guard.Refusal) bool {
	id, ok := a.Get("id")
	return ok && id.Kind == bound.KindNull && r != nil && errors.Is(r, guard.ErrNotRequest) && r.Code == guard.CodeInvalidRequest
}

// DecisionsAreAdmitted holds decide, on any bytes under GuardConfig, to
// what it promises of each action: what it sends the server was admitted
// (section 4.3, findings/spec/guard-relay-unparseable.md; class
// unadmitted-ACTION) and is one line to every framing reader (as in
// GuardDecisionReadsInside); a relay is faithful to the message (see
// relayFaithful) and never of a tools/call (relay:call); a forward is
// admitted, a tools/call, and carries no refusal (forward:refused,
// forward:not-a-call, forward:refusal); an answer is one admitted
// JSON-RPC error with its refusal (answer:malformed); bytes admission
// refuses are answered as refusedAsAdmissionSays says.
func DecisionsAreAdmitted(decide Decider, raw []byte) *Violation {
	const name = "DecisionsAreAdmitted"
	d := decide(raw, GuardConfig())
	if err := admit.Scan(raw, admit.Options{}); err != nil {
		if d.Action != guard.Answer {
			return violated(name, "unadmitted-"+d.Action.String(), "%v of bytes admission refuses", d.Action)
		}
		if v := refusedAsAdmissionSays(name, err, d.Refusal); v != nil {
			return v
		}
	}
	decided := d.Message
	if d.Action == guard.Relay {
		decided = raw
	}
	if v := framedAsOneLine(name, d.Action.String(), d.Message, decided); v != nil {
		return v
	}
	switch d.Action {
	case guard.Relay:
		if v := relayFaithful(name, raw, d.Message); v != nil {
			return v
		}
		if d.Method == guard.MethodCall {
			return violated(name, "relay:call", "relayed %q (method %q)", d.Message, d.Method)
		}
	case guard.Forward:
		if err := admit.Scan(d.Message, admit.Options{}); err != nil {
			return violated(name, "forward:refused", "forwarded bytes are refused: %v", err)
		}
		v, _ := bound.ParseValue(d.Message)
		if m, _ := v.Get("method"); m.Kind != bound.KindString || m.Str != guard.MethodCall {
			return violated(name, "forward:not-a-call", "forwarded %s", d.Message)
		}
		if d.Refusal != nil {
			return violated(name, "forward:refusal", "forwarded %s with the refusal %v", d.Message, d.Refusal)
		}
	case guard.Answer:
		// Admitted, and read by a strict reader without bound's value cap:
		// the data of a -32001 answer echoes the call's arguments (section
		// 4.3), which may be past bound.MaxValues when that is why the
		// call was refused.
		err := admit.Scan(d.Message, admit.Options{})
		v, rerr := msgreader.ReadTokens(d.Message, true)
		err = errors.Join(err, rerr)
		e, isErr := v.Get("error")
		_, hasCode := e.Get("code")
		if err != nil || !isErr || !hasCode || d.Refusal == nil {
			return violated(name, "answer:malformed", "answer %q: %v, refusal %v", d.Message, err, d.Refusal)
		}
	default:
		return violated(name, "unknown-action", "action %v", d.Action)
	}
	return nil
}

// refusedAsAdmissionSays holds the guard's answer to bytes admission
// refuses to the admission's own verdict, computed here from its kind and
// not from the guard's code (targets/guard/errors.go, JSON-RPC 2.0 section
// 5.1): -32700 when the bytes are not one complete JSON text within the
// caps (Syntax, TrailingContent, TooDeep, TooLarge), -32600 when they are
// JSON with no single reading; the class is guard.ErrTooLarge for a text
// past the size cap and guard.ErrNotAdmitted for every other refusal, with
// the admission error as its cause (answer:admission-class,
// answer:admission-code, answer:admission-cause).
func refusedAsAdmissionSays(property string, err error, r *guard.Refusal) *Violation {
	var ae *admit.Error
	if !errors.As(err, &ae) || r == nil {
		return nil // answer:malformed holds a missing refusal
	}
	class, code := guard.ErrNotAdmitted, guard.CodeInvalidRequest
	switch ae.Kind {
	case admit.Syntax, admit.TrailingContent, admit.TooDeep, admit.TooLarge:
		code = guard.CodeParseError
	}
	if ae.Kind == admit.TooLarge {
		class = guard.ErrTooLarge
	}
	switch {
	case r.Class != class:
		return violated(property, "answer:admission-class", "admission refuses the bytes (%v), answered as %v, want %v", ae.Kind, r.Class, class)
	case r.Code != code:
		return violated(property, "answer:admission-code", "admission refuses the bytes (%v), answered with code %d, want %d", ae.Kind, r.Code, code)
	case !errors.Is(r.Cause, ae.Kind):
		return violated(property, "answer:admission-cause", "admission refuses the bytes (%v), the answer's cause is %v", ae.Kind, r.Cause)
	}
	return nil
}
