package guard

// The answers the guard writes to the client itself, in place of the
// server's: its refusals (a Decision it does not forward), and
// CodeServerGone for a request the server will not answer, because it
// never reached the server or the server's output ended.

// answer sends one of the guard's own answers to the client.
func (s *session) answer(d Decision) {
	if d.Notification {
		s.log.printf(s.p.Log, "refused a notification %s, not answered (JSON-RPC 2.0 section 4.1): %v", d.Method, d.Refusal)
		return
	}
	s.log.printf(s.p.Log, "refused id %s %s: %v", idText(d.ID), d.Method, d.Refusal)
	s.store.forget(d.ID) // no later answer of this id teaches a schema
	s.sendAnswer(d.Message)
}

// answerGone answers a request in flight that the server will not answer.
func (s *session) answerGone(id []byte, why string) {
	s.log.printf(s.p.Log, "answered id %s for the server: %s", idText(id), why)
	s.store.forget(id)
	s.sendAnswer(errorResponse(id, CodeServerGone, "io.noescalation guard: the request was not answered: "+why, nil))
}

// sendAnswer queues one of the guard's answers for the client, framed as
// every line the guard writes (frameLine): the id and the strings in it
// are written as targets/bound writes strings, with U+2028, U+2029 and
// U+0085 raw, which some readers split lines on. An answer that cannot be
// framed (the guard wrote it, so it is JSON) is replaced by -32603.
func (s *session) sendAnswer(msg []byte) {
	framed, err := frameLine(msg)
	if err != nil {
		s.log.printf(s.p.Log, "an answer of the guard cannot be written as one line: %v", err)
		framed = errorResponse(nil, CodeInternalError, "io.noescalation guard: an answer could not be written as one line", nil)
	}
	s.toCli.send(queued{line: append(framed[:len(framed):len(framed)], '\n')}, s.giveUp, 0, false)
}

// notForwarded answers a request that never reached the server; a
// notification or a response is logged as dropped.
func (s *session) notForwarded(it queued, why string) {
	if it.id == nil {
		s.log.printf(s.p.Log, "dropped a message for the server: %s", why)
		return
	}
	if s.inFlight.answered(it.id) {
		s.answerGone(it.id, why)
	}
}

// serverOutputEnded answers every request in flight: the server can no
// longer answer them.
func (s *session) serverOutputEnded() {
	for _, id := range s.inFlight.closeAll() {
		s.answerGone(id, "the server's output ended")
	}
}
