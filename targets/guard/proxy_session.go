package guard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// readBuffer is the bufio size of both readers, the size of the pipes
// (pipeSize): a line up to it is read in one piece and copied once; longer
// lines are assembled from several reads.
const readBuffer = 1 << 20

// queueFactor bounds each direction's queue: this many times its size
// cap, so the largest message and several behind it fit.
const queueFactor = 4

// session is one run of the proxy: four goroutines (client reader, server
// writer, server reader, client writer), one for the server's standard
// error, one for the log, and the supervisor (run) that sees them end. A
// reader writes a lone line itself when its direction's queue is idle
// (lineQueue.send): a request and its answer cross the guard without a
// hand-off between goroutines, the writers take what does not fit.
type session struct {
	p        *Proxy
	srv      *server
	store    *schemaStore
	audit    *AuditLog
	log      *sessionLog
	toSrv    *lineQueue // forwarded client messages
	toCli    *lineQueue // server lines and the guard's answers
	inFlight *pendingSet

	clientGone  chan struct{} // the client's input ended or its output failed
	clientOnce  sync.Once
	stopForward chan struct{} // closed when the shutdown begins
	stopOnce    sync.Once
	srvOutDone  chan struct{} // the server's output has ended (all relayed)
	srvInDone   chan struct{} // the server writer has closed the server's input
	cliOutDone  chan struct{} // the client writer has finished
	exited      chan struct{} // the server process has been reaped
	giveUp      chan struct{} // closed when the supervisor stops waiting for the client to read
	waitErr     error

	unsolicited atomic.Int64 // server answers to nothing in flight, dropped
	cancelled   atomic.Int64 // requests in flight the client cancelled, forgotten
	refusedSrv  atomic.Int64 // server lines refused (over the cap, unframeable)
	stalled     atomic.Int64 // client messages not queued: the server read nothing for a grace
}

func newSession(p *Proxy, srv *server, out io.Writer) *session {
	s := &session{
		p:           p,
		srv:         srv,
		store:       newSchemaStore(p.Config.Canon.Schemas),
		log:         newSessionLog(),
		toSrv:       newLineQueue(queueFactor * p.maxMessage()).sendingTo(srv.stdin),
		inFlight:    newPendingSet(),
		clientGone:  make(chan struct{}),
		stopForward: make(chan struct{}),
		srvOutDone:  make(chan struct{}),
		srvInDone:   make(chan struct{}),
		cliOutDone:  make(chan struct{}),
		exited:      make(chan struct{}),
		giveUp:      make(chan struct{}),
	}
	if p.Audit != nil {
		s.audit = NewAuditLog(p.Audit)
	}
	out, closeOut := pollableOutput(out)
	s.toCli = newLineQueue(queueFactor * p.maxServerLine()).sendingTo(out)
	go func() {
		defer closeOut()
		s.writeClient(out)
	}()
	return s
}

// run proxies until the end of the session and returns the exit status.
func (s *session) run(client io.Reader) int {
	go func() {
		s.waitErr = s.srv.cmd.Wait()
		close(s.exited)
	}()
	go s.writeServer()
	go s.readServer()
	if s.srv.stderr != nil {
		go s.copyServerStderr()
	}
	go s.readClient(client)
	status := s.supervise()
	if c, ok := client.(io.Closer); ok {
		_ = c.Close()
	}
	return status
}

func (s *session) leaveClient() { s.clientOnce.Do(func() { close(s.clientGone) }) }

// beginShutdown stops forwarding: what is queued for the server is still
// written, then its input is closed; requests read from now on are
// answered by the guard.
func (s *session) beginShutdown() {
	s.stopOnce.Do(func() {
		close(s.stopForward)
		s.toSrv.close()
	})
}

// readClient decides each client message in order and queues it for the
// server or answers it. A line over the message cap is refused without
// being read whole.
func (s *session) readClient(client io.Reader) {
	defer s.leaveClient()
	r := bufio.NewReaderSize(client, readBuffer)
	limit := s.p.maxMessage()
	for {
		line, err := readLine(r, limit)
		var tooLong *errLineTooLong
		switch {
		case errors.As(err, &tooLong):
			s.answer(tooLarge(tooLong.n, limit))
			continue
		case errors.Is(err, io.EOF):
			return
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

// decide is one client message's way: Decide, the audit record, then the
// server's queue or an answer; more says that the client's next message
// has been read already (lineQueue.send).
func (s *session) decide(line []byte, more bool) {
	cfg := s.p.Config
	cfg.Canon.Schemas = s.store.snapshot()
	d := Decide(line, cfg)
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
	if isRequest && !s.inFlight.add(d.ID, d.Method == methodInitialize) {
		s.answerGone(d.ID, "the server's output has ended")
		return
	}
	if d.Method == "tools/list" {
		s.store.expect(d.ID)
	}
	if d.Method == MethodCancelled {
		s.forgetCancelled(msg)
	}
	item := queued{line: append(msg[:len(msg):len(msg)], '\n')}
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

// answer sends one of the guard's own answers to the client.
func (s *session) answer(d Decision) {
	s.log.printf(s.p.Log, "refused id %s %s: %v", idText(d.ID), d.Method, d.Refusal)
	s.sendAnswer(d.Message)
}

// answerGone answers a request in flight that the server will not answer.
func (s *session) answerGone(id []byte, why string) {
	s.log.printf(s.p.Log, "answered id %s for the server: %s", idText(id), why)
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

// writeServer writes the queued client messages to the server and closes
// its input once the queue is closed and written. When a write fails (the
// server closed its input or exited), the requests not written are
// answered and the rest of the queue is answered or dropped as it comes.
func (s *session) writeServer() {
	defer close(s.srvInDone)
	defer s.srv.stdin.Close()
	var items []queued
	var buf []byte
	var failed error
	for {
		var ok bool
		if items, ok = s.toSrv.take(items); !ok {
			return
		}
		rest := items
		if failed == nil {
			rest, buf, failed = writeBatch(s.srv.stdin, items, buf)
			if failed != nil {
				s.log.printf(s.p.Log, "writing to the server: %v", failed)
				s.beginShutdown()
			}
		}
		s.toSrv.written(failed != nil)
		for _, it := range rest {
			s.notForwarded(it, "the server stopped reading its input")
		}
	}
}

// readServer relays the server's lines to the client, each as
// FrameServerLine frames it, learns schemas from the answers to tools/list,
// and marks each answer's request as answered. A line over the cap or one
// that cannot be framed is dropped and logged, never relayed in part; an
// answer to no request in flight is dropped too (each request gets one
// answer, and a request the client cancelled none: forgetCancelled), and
// so is a last line without its newline (a message cut short). When the
// output ends, every request still in flight is answered by the guard.
func (s *session) readServer() {
	defer close(s.srvOutDone)
	r := bufio.NewReaderSize(s.srv.stdout, readBuffer)
	limit := s.p.maxServerLine()
	for {
		line, err := readLine(r, limit)
		var tooLong *errLineTooLong
		switch {
		case errors.As(err, &tooLong):
			s.refusedSrv.Add(1)
			s.log.printf(s.p.Log, "dropped a server line of %d bytes: over the cap of %d", tooLong.n, limit)
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
			continue
		}
		if id, ok := replyID(framed); ok && !s.inFlight.answered(id) {
			s.unsolicited.Add(1)
			s.log.printf(s.p.Log, "dropped a server answer to id %s: no such request in flight (never forwarded, answered already, or cancelled)", idText(id))
			continue
		}
		s.store.learn(framed)
		s.toCli.send(queued{line: append(framed, '\n')}, s.giveUp, 0, r.Buffered() > 0)
	}
}

// serverOutputEnded answers every request in flight: the server can no
// longer answer them.
func (s *session) serverOutputEnded() {
	for _, id := range s.inFlight.closeAll() {
		s.answerGone(id, "the server's output ended")
	}
}

// copyServerStderr passes the server's standard error to Proxy.Stderr
// through the log's queue, so that it never blocks the server either.
func (s *session) copyServerStderr() {
	defer s.srv.stderr.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := s.srv.stderr.Read(buf)
		if n > 0 {
			s.log.write(s.p.Stderr, append([]byte(nil), buf[:n]...))
		}
		if err != nil {
			return
		}
	}
}

// writeClient writes the server's lines and the guard's answers to the
// client. When a write fails the client is gone: the rest is discarded,
// so that nothing ever blocks on the client's output.
func (s *session) writeClient(out io.Writer) {
	defer close(s.cliOutDone)
	var items []queued
	var buf []byte
	var failed error
	for {
		var ok bool
		if items, ok = s.toCli.take(items); !ok {
			return
		}
		if failed == nil {
			if _, buf, failed = writeBatch(out, items, buf); failed != nil {
				s.log.printf(s.p.Log, "writing to the client: %v", failed)
				s.leaveClient()
			}
		}
		s.toCli.written(failed != nil)
	}
}

// supervise waits for the session to end and shuts it down as MCP's stdio
// shutdown says (close the server's input, wait, SIGTERM, wait, SIGKILL),
// then returns the guard's exit status.
func (s *session) supervise() int {
	grace := s.p.grace()
	var got os.Signal
	forced := false
	select {
	case <-s.exited:
	case <-s.srvOutDone:
	case <-s.clientGone:
	case got = <-s.p.Signals:
		s.forward(got)
	}
	s.beginShutdown()
	// Wait for the server to exit: within a grace of its input closing,
	// then within a grace of SIGTERM; then kill it.
	if !s.waitExit(grace, &got) && !exitedNow(s.exited) {
		if got == nil {
			forced = true
			s.signalServer(syscall.SIGTERM)
		}
		s.srv.stdin.Close() // a write the server does not read ends here
		if !s.waitExit(grace, &got) && !exitedNow(s.exited) {
			forced = true
			s.signalServer(syscall.SIGKILL)
		}
		<-s.exited
	}
	// The server has exited; what it wrote is relayed to its end, unless
	// a process it started holds its output open, or the client does not
	// read what is relayed.
	if !waitFor(s.srvOutDone, grace) {
		s.signalServer(syscall.SIGKILL)
		if !waitFor(s.srvOutDone, grace) {
			close(s.giveUp)
			s.srv.stdout.Close()
			waitFor(s.srvOutDone, grace)
		}
	}
	s.signalServer(syscall.SIGKILL) // nothing of the group outlives the guard
	s.srv.stdin.Close()             // unblocks a write the server never read
	s.toCli.close()
	waitFor(s.cliOutDone, grace)
	status := s.status(got, forced)
	s.log.finish(s.p.Log, min(grace, time.Second))
	return status
}

// waitExit waits up to d for the server to exit, forwarding any signal
// the guard receives meanwhile (a second one kills the group at once).
func (s *session) waitExit(d time.Duration, got *os.Signal) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		select {
		case <-s.exited:
			return true
		case <-t.C:
			return false
		case sig := <-s.p.Signals:
			if *got != nil {
				s.signalServer(syscall.SIGKILL)
			} else {
				s.forward(sig)
			}
			*got = sig
		}
	}
}

// forward passes a signal the guard received on to the server's group.
func (s *session) forward(sig os.Signal) {
	if ss, ok := sig.(syscall.Signal); ok {
		s.log.printf(s.p.Log, "received %v: forwarding it to the server", sig)
		s.signalServer(ss)
	}
}

func (s *session) signalServer(sig syscall.Signal) {
	if err := s.srv.signal(sig); err != nil {
		s.log.printf(s.p.Log, "signalling the server: %v", err)
	}
}

// status is the guard's exit status, and the log line of the server's end.
func (s *session) status(got os.Signal, forced bool) int {
	code, sig := exitStatus(s.srv.cmd.ProcessState)
	if s.srv.cmd.ProcessState == nil {
		s.log.printf(s.p.Log, "waiting for the server: %v", s.waitErr)
	} else if sig != 0 {
		s.log.printf(s.p.Log, "the server was ended by %v", sig)
	} else {
		s.log.printf(s.p.Log, "the server exited with status %d", code)
	}
	if n := s.cancelled.Load(); n > 0 {
		s.log.printf(s.p.Log, "%d requests in flight were cancelled by the client: their cancels forwarded, no answer relayed or made for them", n)
	}
	if n := s.unsolicited.Load(); n > 0 {
		s.log.printf(s.p.Log, "%d server answers to no request in flight (or to a cancelled one) were dropped", n)
	}
	if n := s.stalled.Load(); n > 0 {
		s.log.printf(s.p.Log, "%d client messages were not forwarded: the server had stopped reading its input", n)
	}
	if n := s.refusedSrv.Load(); n > 0 {
		s.log.printf(s.p.Log, "%d server lines were dropped (over the cap or not framable)", n)
	}
	switch {
	case got != nil:
		if ss, ok := got.(syscall.Signal); ok {
			return 128 + int(ss)
		}
		return ExitServerKilled
	case forced:
		return ExitServerKilled
	case sig != 0 || code != 0:
		return ExitServerFailed
	}
	return ExitClean
}

// exitedNow reports whether the server has been reaped, without waiting.
func exitedNow(exited <-chan struct{}) bool {
	select {
	case <-exited:
		return true
	default:
		return false
	}
}

func waitFor(c <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c:
		return true
	case <-t.C:
		return false
	}
}

func idText(id []byte) string {
	if id == nil {
		return "null"
	}
	return string(id)
}
