package guard

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// MethodCancelled is the notification of MCP's "Cancellation" utility
// (basic/utilities/cancellation, protocol revisions 2024-11-05 on): either
// side may send it to cancel a request it issued that is still in flight,
// naming the request by params.requestId.
const MethodCancelled = "notifications/cancelled"

// cancelledID reads a client message the guard relays and returns the id
// of the request it cancels, as readID writes it, which the pending table
// keys (idKeyOf: a requestId of 1 cancels the request with id 1.0): the
// message must be a notifications/cancelled notification (a method and no
// id member: a message with an id is a request, JSON-RPC 2.0 section 4.1,
// whatever its method) whose params is an object whose requestId is a
// string or a number. Anything else cancels nothing (ok false): MCP says
// malformed cancellations are ignored, so a cancel the guard cannot read
// never forgets a request. msg must be admitted (Decision.Message).
//
// It reads the envelope through the message index Decide reads
// (indexMessage), and params.requestId, which only a cancel has, with one
// more cursor over params.
func cancelledID(msg []byte) (id []byte, ok bool) {
	top := jsonwire.SkipSpace(msg, 0)
	if top >= len(msg) || msg[top] != '{' {
		return nil, false
	}
	m := indexMessage(msg, top)
	if m.id.ok || !m.method.ok || !jsonwire.NameIs(m.method.Of(msg), MethodCancelled) || !m.params.isObject(msg) {
		return nil, false
	}
	id = readID(msg, requestIDOf(msg, m.params))
	return id, id != nil
}

// requestIDOf finds the requestId member of the params object.
func requestIDOf(msg []byte, params field) field {
	var f field
	c := jsonwire.NewCursor(msg, params.Start)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		if jsonwire.NameIs(name.Of(msg), "requestId") {
			c.Skip(f.skip(msg, v))
			continue
		}
		c.Skip(jsonwire.ValueEnd(msg, v))
	}
	return f
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
