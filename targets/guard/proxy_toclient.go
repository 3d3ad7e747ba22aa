package guard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// The server-to-client direction of a session: the server reader frames
// each line the server writes (FrameServerLine) and relays it when it is
// not an answer to a request no longer in flight; the client writer
// writes the server's lines and the guard's own answers to the client.

// readServer relays the server's lines to the client, each as
// FrameServerLine frames it, learns schemas from the answers to tools/list,
// and marks each answer's request as answered. A line over the cap or one
// that cannot be framed is dropped and logged, never relayed in part, and
// the request it answers, when its id can be read (droppedReplyID,
// replyID), is answered by the guard (droppedAnswer); an
// answer to no request in flight is dropped too (each request gets one
// answer, and a request the client cancelled none: forgetCancelled), and
// so are a line with two id members (clients would read it as answers to
// different requests: replyID) and a last line without its newline (a
// message cut short). When the
// output ends, every request still in flight is answered by the guard.
func (s *session) readServer() {
	defer close(s.srvOutDone)
	r := bufio.NewReaderSize(pipeReader(s.srv.stdout), readBuffer)
	limit := s.p.maxServerLine()
	for {
		line, err := readLine(r, limit)
		var tooLong *errLineTooLong
		switch {
		case errors.As(err, &tooLong):
			s.refusedSrv.Add(1)
			s.log.printf(s.p.Log, "dropped a server line of %d bytes: over the cap of %d", tooLong.n, limit)
			s.droppedAnswer(droppedReplyID(tooLong.head, tooLong.tail),
				fmt.Sprintf("its answer was a line of %d bytes, over the guard's cap of %d", tooLong.n, limit))
			continue
		case errors.Is(err, io.ErrUnexpectedEOF):
			s.refusedSrv.Add(1)
			s.log.printf(s.p.Log, "dropped the server's last %d bytes: its output ended inside a line", len(line))
			s.serverOutputEnded()
			return
		case err != nil:
			if !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrClosed) {
				s.log.printf(s.p.Log, "reading the server: %v", err)
			}
			s.serverOutputEnded()
			return
		}
		if blank(line) {
			continue
		}
		framed, err := FrameServerLine(line)
		if err != nil {
			s.refusedSrv.Add(1)
			s.log.printf(s.p.Log, "dropped a server line: %v", err)
			if id, ok, _ := replyID(line); ok {
				s.droppedAnswer(id, "its answer holds a line end and is not admitted JSON, so it cannot be relayed as one line")
			}
			continue
		}
		id, ok, twoIDs := replyID(framed)
		if twoIDs {
			s.refusedSrv.Add(1)
			s.log.printf(s.p.Log, "dropped a server line with two id members: clients would read different answers in it")
			continue
		}
		if ok && !s.inFlight.answered(id) {
			s.unsolicited.Add(1)
			s.log.printf(s.p.Log, "dropped a server answer to id %s: no such request in flight (never forwarded, answered already, or cancelled)", idText(id))
			continue
		}
		s.store.learn(framed)
		s.toCli.send(queued{line: append(framed, '\n')}, s.giveUp, 0, r.Buffered() > 0)
	}
}

// droppedAnswer answers, with CodeServerGone, the request in flight that a
// server line the guard dropped answered (id, read as droppedReplyID or
// replyID read it; nil or an id not in flight: nothing), so that the
// client does not wait for it as long as the server runs.
func (s *session) droppedAnswer(id []byte, why string) {
	if id != nil && s.inFlight.answered(id) {
		s.answerGone(id, why)
	}
}

// writeClient writes the server's lines and the guard's answers to the
// client. When a write fails the client is gone: the rest is discarded,
// so that nothing ever blocks on the client's output.
func (s *session) writeClient(out io.Writer) {
	defer close(s.cliOutDone)
	s.toCli.writeAll(out, func(err error) {
		s.log.printf(s.p.Log, "writing to the client: %v", err)
		s.leaveClient()
	}, nil)
}
