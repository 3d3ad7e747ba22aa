package guard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// The client-to-server direction of a session: the client reader decides
// each message in order (Decide, then the audit record of SEP-3246
// section 4.4) and queues it for the server or has the guard answer it;
// the server writer writes the queue to the server's input and closes it
// when the shutdown begins.

// readClient decides each client message in order and queues it for the
// server or answers it. A line over the message cap is refused without
// being read whole, by the id its first or last bytes show
// (oversizeRequestID), id null when they show none.
func (s *session) readClient(client io.Reader) {
	defer s.leaveClient()
	r := bufio.NewReaderSize(client, readBuffer)
	limit := s.p.maxMessage()
	for {
		line, err := readLine(r, limit)
		var tooLong *errLineTooLong
		switch {
		case errors.As(err, &tooLong):
			d := tooLarge(tooLong.n, limit)
			if id := oversizeRequestID(tooLong.head, tooLong.tail); id != nil {
				d = answer(id, d.Refusal) // the request's id, read from its edges
			}
			s.answer(d)
			continue
		case errors.Is(err, io.EOF), errors.Is(err, os.ErrClosed):
			return // the client left, or the session ended (run closes the input)
		case errors.Is(err, io.ErrUnexpectedEOF):
			// the last message, without its newline: decided all the same
		case err != nil:
			s.log.printf(s.p.Log, "reading the client: %v", err)
			return
		}
		if !blank(line) {
			s.decide(line, r.Buffered() > 0)
		}
		if err != nil {
			return
		}
	}
}

// decide is one client message's way: Decide (with the session's
// chainCache), the audit record, then the server's queue or an answer;
// more says that the client's next message has been read already
// (lineQueue.send).
func (s *session) decide(line []byte, more bool) {
	cfg := s.p.Config
	cfg.Canon.Schemas = s.store.snapshot()
	d := decide(line, cfg, s.chains)
	if d.Refusal.Violation() && s.audit != nil {
		if _, err := s.audit.Record(d, cfg.Component); err != nil {
			if d.Action == Forward {
				// SEP-3246 section 4.4: audit mode forwards a violation
				// because it is recorded; unrecorded, it is refused.
				d = auditRefusal(d, err)
			} else {
				s.log.printf(s.p.Log, "audit log: %v", err)
			}
		}
	}
	if d.Action != Relay && d.Action != Forward {
		s.answer(d)
		return
	}
	msg, err := frameLine(d.Message)
	if err != nil {
		s.answer(answer(d.ID, &Refusal{Class: ErrNotAdmitted, Code: CodeInternalError,
			Reason: "the decided message cannot be written as one line: " + err.Error(), Cause: err}))
		return
	}
	if d.Refusal != nil {
		s.log.printf(s.p.Log, "audit: forwarded id %s %s: %s", idText(d.ID), d.Method, d.Refusal.Reason)
	}
	isRequest := d.Method != "" && d.ID != nil
	shared := false
	if isRequest {
		var err error
		shared, err = s.inFlight.add(d.ID, d.Method == methodInitialize)
		switch {
		case errors.Is(err, errIDNotKeyable):
			// Its answer could not be matched to it: refused, not
			// forwarded (fail closed; idKey).
			s.answer(answer(d.ID, idNotKeyable(err)))
			return
		case errors.Is(err, errInFlightFull):
			// Answered, not dropped, and not forwarded: the pending
			// table stays within its bound (pendingSet).
			s.answerGone(d.ID, fmt.Sprintf("not forwarded: %d requests (or %d bytes of ids) are in flight, the guard's bound",
				s.p.maxInFlight(), s.p.idBytesInFlight()))
			return
		case err != nil:
			s.answerGone(d.ID, "the server's output has ended")
			return
		}
	}
	switch {
	case shared:
		// Another request of this id is in flight (MCP forbids it): the
		// server's answer to a tools/list among them cannot be told from
		// the other's, whose result may carry anything under "tools"
		// (red-team pass 2, docs/GUARD.md). Neither is learned from.
		s.store.forget(d.ID)
	case d.Method == "tools/list":
		s.store.expect(d.ID)
	}
	if d.Method == MethodCancelled {
		s.forgetCancelled(msg)
	}
	item := queued{line: lineOf(d.Action, msg)}
	if isRequest {
		item.id = d.ID
	}
	switch err := s.toSrv.send(item, s.stopForward, s.p.grace(), more); err {
	case nil:
	case errQueueStalled:
		s.stalled.Add(1)
		s.notForwarded(item, fmt.Sprintf("the server has read nothing of its input for %v", s.p.grace()))
	default:
		s.notForwarded(item, "the guard is shutting down")
	}
}

// lineOf is msg, a decided message (action Relay or Forward) framed as
// one line, with its line end. A forwarded call's bytes are its own
// (rewriteCall wrote them, with a byte to spare for the line end): the
// line end is written there, and the call is not copied. A relayed
// message lies in the buffer the client is read into, which the next read
// overwrites: it is copied.
func lineOf(action Action, msg []byte) []byte {
	if action == Forward && cap(msg) > len(msg) {
		return append(msg, '\n')
	}
	return append(msg[:len(msg):len(msg)], '\n')
}

// writeServer writes the queued client messages to the server and closes
// its input once the queue is closed and written. When a write fails (the
// server closed its input or exited), the requests not written are
// answered and the rest of the queue is answered or dropped as it comes.
func (s *session) writeServer() {
	defer close(s.srvInDone)
	defer s.srv.stdin.Close()
	s.toSrv.writeAll(s.srv.stdin, func(err error) {
		s.log.printf(s.p.Log, "writing to the server: %v", err)
		s.beginShutdown()
	}, func(it queued) {
		s.notForwarded(it, "the server stopped reading its input")
	})
}
