package guard

import "github.com/canonfuzz/canonfuzz/targets/bound"

// Action is what the proxy does with one client message.
type Action int

const (
	// Relay sends the message to the server unchanged (section 4.2:
	// messages that are not tools/call "MUST be relayed unchanged"): byte
	// for byte, or, when it holds a line end some line reader splits on,
	// as the same JSON value written as one line
	// (findings/spec/guard-framing.md).
	Relay Action = iota + 1
	// Forward sends a rewritten tools/call to the server: the chain extended
	// by this guard's hop (section 4.1 step 3).
	Forward
	// Answer sends Message back to the client and nothing to the server
	// (section 4.3).
	Answer
)

// String names the action.
func (a Action) String() string {
	switch a {
	case Relay:
		return "relay"
	case Forward:
		return "forward"
	case Answer:
		return "answer"
	}
	return "invalid"
}

// Decision is the verdict on one client message.
type Decision struct {
	Action Action
	// Message is the bytes to send, one line without its terminator: to
	// the server for Relay (the input, re-encoded as one line if it had to
	// be) and Forward, to the client for Answer.
	Message []byte
	// Method is the request's method when it could be read.
	Method string
	// ID is the message's id as deterministic JSON, nil when it has none or
	// it was not read.
	ID []byte
	// Call is the effect checked, for a tools/call whose params were read:
	// the tool's name, and the arguments bound.Check reads (those some
	// rule of the chain constrains for the tool), decoded from the
	// forwarded bytes.
	Call *bound.Call
	// Arguments is the call's arguments object as written (as forwarded,
	// for a Forward), one line; nil when the call has none or was not read.
	Arguments []byte
	// Refusal is why the message was answered; for a Forward in audit mode,
	// the violation it would have been refused for; nil otherwise.
	Refusal *Refusal
	// Notification is set on an Answer to a notification (a "method" member
	// and no "id" member): the proxy logs the refusal and writes the client
	// nothing, as JSON-RPC 2.0 section 4.1 says ("The Server MUST NOT reply
	// to a Notification"); Message is the answer a caller that answers
	// anyway would write, id null.
	Notification bool
}
