package guard

import (
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A session's lifetime: its state, the goroutines it starts (each
// direction has a file of its own, proxy_toserver.go and
// proxy_toclient.go; the guard's own answers are in proxy_answer.go), and
// its end as MCP's stdio shutdown says, with the guard's exit status.

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
	chains   *chainCache // read by the client reader alone
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
		chains:      newChainCache(p.Config),
		log:         newSessionLog(),
		toSrv:       newLineQueue(queueFactor * p.maxMessage()).sendingTo(pipeWriter(srv.stdin)),
		inFlight:    newPendingSet(p.maxInFlight(), p.idBytesInFlight()),
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
		s.audit.stall = p.grace() // as long as the server's input may stall
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
	in, closeIn := pollableInput(client)
	go func() {
		s.waitErr = s.srv.cmd.Wait()
		close(s.exited)
	}()
	go s.writeServer()
	go s.readServer()
	if s.srv.stderr != nil {
		go s.copyServerStderr()
	}
	go s.readClient(in)
	status := s.supervise()
	closeIn() // ends a read waiting on the input opened again
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
