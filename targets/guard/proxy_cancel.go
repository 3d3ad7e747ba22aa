package guard

import "github.com/canonfuzz/canonfuzz/internal/jsonspan"

// MethodCancelled is the notification of MCP's "Cancellation" utility
// (basic/utilities/cancellation, protocol revisions 2024-11-05 on): either
// side may send it to cancel a request it issued that is still in flight,
// naming the request by params.requestId.
const MethodCancelled = "notifications/cancelled"

// cancelParamNames are the members of notifications/cancelled params the
// guard reads.
var cancelParamNames = []string{"requestId"}

// cancelledID reads a client message the guard relays and returns the id
// of the request it cancels, as the pending table keys ids (readID): the
// message must be a notifications/cancelled notification (a method and no
// id member: a message with an id is a request, JSON-RPC 2.0 section 4.1,
// whatever its method) whose params is an object whose requestId is a
// string or a number. Anything else cancels nothing (ok false): MCP says
// malformed cancellations are ignored, so a cancel the guard cannot read
// never forgets a request. msg must be admitted (Decision.Message).
//
// It is the one place the proxy reads a field of a client message beside
// Decide's Decision, so that it follows the message reader in one change.
func cancelledID(msg []byte) (id []byte, ok bool) {
	top := jsonspan.SkipSpace(msg, 0)
	if top >= len(msg) || msg[top] != '{' {
		return nil, false
	}
	f := readFields(msg, top, envelopeNames)
	if f[envID].ok || !f[envMethod].ok || !jsonspan.NameIs(f[envMethod].Of(msg), MethodCancelled) || !f[envParams].isObject(msg) {
		return nil, false
	}
	p := readFields(msg, f[envParams].Start, cancelParamNames)
	id = readID(msg, p[0])
	return id, id != nil
}

// methodInitialize is the request MCP's "Cancellation" says clients never
// cancel.
const methodInitialize = "initialize"

// forgetCancelled takes the client's notifications/cancelled msg, which
// the session forwards to the server like any relayed notification, and
// forgets the request it names, so that the guard never answers it: not
// with the server's answer if one comes late (MCP "Cancellation": the
// receiver "SHOULD ... Not send a response for the cancelled request", and
// the sender "SHOULD ignore any response to the request that arrives
// afterward"), and not with CodeServerGone when the server goes away. A
// cancel that names no request in flight (unknown, refused by the guard,
// answered, cancelled already), or the initialize request, or that cannot
// be read, forgets nothing: MCP lets a receiver ignore it. The request is
// forgotten before the cancel is queued, so a server answer that crosses
// it is dropped too, and even when the cancel cannot be forwarded (the
// server stopped reading, the session is ending): the client has said it
// will not read an answer.
func (s *session) forgetCancelled(msg []byte) {
	id, ok := cancelledID(msg)
	if !ok || !s.inFlight.cancel(id) {
		return
	}
	s.store.forget(id)
	s.cancelled.Add(1)
}
