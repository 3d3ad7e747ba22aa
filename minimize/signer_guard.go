package minimize

import (
	"bytes"
	"errors"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// guardPolicy is the bound of the guard the signers replay: one tool, one
// constrained argument, enough for a call to be forwarded or refused.
const guardPolicy = `[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]`

// guardConfig is that guard: it originates a chain for a call without
// provenance and enforces.
func guardConfig() guard.Config {
	policy, err := bound.ParseBound([]byte(guardPolicy))
	if err != nil {
		panic("minimize: the guard signer's policy does not parse: " + err.Error())
	}
	return guard.Config{Component: "canonfuzz-minimize", Policy: policy, Absent: guard.Originate, Mode: guard.Enforce}
}

// guardOutcome is guard.Decide's verdict on one client message under
// guardConfig: "guard:relay", "guard:forward", or "guard:answer:CLASS" with
// the class of refusal (one of guard's Err... sentinels), such as
// guard:answer:guard: outside the conferred bound, followed by :admit:KIND
// when admission refused the message.
func guardOutcome(input []byte) Signature {
	d := guard.Decide(input, guardConfig())
	return Signature("guard:" + guardAction(d))
}

// guardAction names a decision's action, and for an answer its class.
func guardAction(d guard.Decision) string {
	switch d.Action {
	case guard.Relay:
		return "relay"
	case guard.Forward:
		return "forward"
	case guard.Answer:
		if d.Refusal == nil || d.Refusal.Class == nil {
			return "answer:unclassified"
		}
		class := "answer:" + messageClass(d.Refusal.Class.Error())
		var ae *admit.Error
		if errors.As(d.Refusal.Cause, &ae) {
			class += ":admit:" + string(ae.Kind)
		}
		return class
	}
	return "action(" + strings.ToLower(d.Action.String()) + ")"
}

// guardFailure checks the property of FuzzDecide, less its second pass over
// a forward, under guardConfig, and names the first that fails:
//
//	guard:unadmitted-ACTION  bytes admission refuses are relayed or forwarded
//	guard:relay-changed      a relay is not the input byte for byte
//	guard:relay-of-call      a tools/call is relayed unchecked
//	guard:forward-refused    forwarded bytes are not admitted
//	guard:forward-refusal    a forward carries a refusal
//	guard:answer-malformed   an answer is not admitted JSON with a refusal
//	guard:unknown-action
func guardFailure(input []byte) Signature {
	d := guard.Decide(input, guardConfig())
	if d.Action != guard.Answer && admit.Scan(input, admit.Options{}) != nil {
		return Signature("guard:unadmitted-" + guardAction(d))
	}
	switch d.Action {
	case guard.Relay:
		if !bytes.Equal(d.Message, input) {
			return "guard:relay-changed"
		}
		if d.Method == guard.MethodCall {
			return "guard:relay-of-call"
		}
	case guard.Forward:
		if admit.Scan(d.Message, admit.Options{}) != nil {
			return "guard:forward-refused"
		}
		if d.Refusal != nil {
			return "guard:forward-refusal"
		}
	case guard.Answer:
		v, err := bound.ParseValue(d.Message)
		if _, ok := v.Get("error"); err != nil || !ok || d.Refusal == nil {
			return "guard:answer-malformed"
		}
	default:
		return "guard:unknown-action"
	}
	return Pass
}
