package guard

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// DefaultGrace is how long the proxy waits for the server to exit after the
// client has closed its side, before it kills the server.
const DefaultGrace = 5 * time.Second

// readBuffer is the bufio size of both directions; lines longer than it
// are assembled from several reads.
const readBuffer = 64 << 10

// Proxy is the guard on the MCP stdio transport (SEP-3246 section 1,
// "Guard": "a proxy on the stdio path between host and server"). It starts
// the server command and carries newline-delimited JSON-RPC both ways:
// every client message is decided by [Decide]; every server message is
// relayed byte for byte, and answers to tools/list are read as they pass
// to learn the tools' schemas. Each direction is one ordered stream, so
// nothing is reordered, and requests are not held back waiting for
// responses, so any number may be in flight.
type Proxy struct {
	Config  Config
	Command string
	Args    []string
	Env     []string // the server's environment; nil inherits the guard's
	// Audit receives one JSON line per violation; required in audit mode.
	Audit io.Writer
	// Log, if set, receives one line for people per refused message.
	Log io.Writer
	// Stderr receives the server's standard error; nil discards it.
	Stderr io.Writer
	// Grace bounds the wait for the server after the client closes; zero
	// means DefaultGrace.
	Grace time.Duration
}

// Run starts the server and proxies between client (the client's messages)
// and out (where the client reads), until the server has exited and its
// output has been relayed. When the client closes, the server's standard
// input is closed; when the server exits, client is closed if it is an
// io.Closer and nothing more is written to out. Run returns the server's
// exit status (128 plus the signal number if a signal ended it); the error
// is for a server that could not be started or a configuration that
// cannot run.
func (p *Proxy) Run(client io.Reader, out io.Writer) (int, error) {
	if err := p.Config.Validate(); err != nil {
		return 0, err
	}
	if p.Config.Mode == Audit && p.Audit == nil {
		return 0, fmt.Errorf("%w: audit mode needs an audit log", ErrConfig)
	}
	if p.Command == "" {
		return 0, fmt.Errorf("%w: no server command", ErrConfig)
	}
	cmd := exec.Command(p.Command, p.Args...)
	cmd.Env = p.Env
	// Log and Stderr may be one writer: both are written under one lock,
	// one Write per line or chunk, never with a ReadFrom that a log line
	// could land inside.
	var logMu sync.Mutex
	if p.Stderr != nil {
		cmd.Stderr = &lockedWriter{mu: &logMu, w: p.Stderr}
	}
	toServer, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	fromServer, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("guard: starting the server: %w", err)
	}
	s := &session{
		proxy:      p,
		store:      newSchemaStore(p.Config.Canon.Schemas),
		out:        &clientWriter{w: out},
		server:     toServer,
		clientGone: make(chan struct{}),
	}
	if p.Audit != nil {
		s.audit = NewAuditLog(p.Audit)
	}
	if p.Log != nil {
		s.log = &lockedWriter{mu: &logMu, w: p.Log}
	}
	go s.clientToServer(client)
	relayed := make(chan struct{})
	go func() {
		s.serverToClient(fromServer)
		close(relayed)
	}()
	waited := make(chan error, 1)
	go func() {
		<-relayed
		waited <- cmd.Wait()
	}()
	var werr error
	select {
	case werr = <-waited:
	case <-s.clientGone:
		grace := p.Grace
		if grace == 0 {
			grace = DefaultGrace
		}
		select {
		case werr = <-waited:
		case <-time.After(grace):
			_ = cmd.Process.Kill()
			werr = <-waited
		}
	}
	s.out.close()
	if c, ok := client.(io.Closer); ok {
		_ = c.Close()
	}
	return exitStatus(cmd, werr)
}

// exitStatus is the server's status as a shell reports it.
func exitStatus(cmd *exec.Cmd, werr error) (int, error) {
	var ee *exec.ExitError
	if werr != nil && !errors.As(werr, &ee) {
		return 0, werr
	}
	st := cmd.ProcessState
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), nil
	}
	return st.ExitCode(), nil
}

// session is one run of the proxy.
type session struct {
	proxy      *Proxy
	store      *schemaStore
	audit      *AuditLog
	log        io.Writer
	out        *clientWriter
	server     io.WriteCloser
	clientGone chan struct{}
}

// clientToServer decides each client message in order and sends it on or
// answers it. At the client's end of input it closes the server's input.
func (s *session) clientToServer(client io.Reader) {
	defer close(s.clientGone)
	defer s.server.Close()
	r := bufio.NewReaderSize(client, readBuffer)
	for {
		line, err := readLine(r, admit.DefaultMaxSize)
		var tooLong *errLineTooLong
		switch {
		case errors.As(err, &tooLong):
			s.refuse(TooLarge(tooLong.n))
			continue
		case err != nil:
			return
		}
		if blank(line) {
			continue
		}
		cfg := s.proxy.Config
		cfg.Canon.Schemas = s.store.snapshot()
		d := Decide(line, cfg)
		if d.Refusal.Violation() && s.audit != nil {
			if _, err := s.audit.Record(d, cfg.Component); err != nil {
				s.logf("audit log: %v", err)
			}
		}
		switch d.Action {
		case Relay, Forward:
			if d.Refusal != nil {
				s.logf("audit: forwarded id %s %s: %s", idText(d.ID), d.Method, d.Refusal.Reason)
			}
			if d.Method == "tools/list" {
				s.store.expect(d.ID)
			}
			if _, err := s.server.Write(append(d.Message, '\n')); err != nil {
				s.logf("writing to the server: %v", err)
				return
			}
		default:
			s.refuse(d)
		}
	}
}

// refuse answers the client.
func (s *session) refuse(d Decision) {
	s.logf("refused id %s %s: %v", idText(d.ID), d.Method, d.Refusal)
	s.out.writeLine(d.Message)
}

// serverToClient relays every byte the server writes, byte for byte and in
// order, and learns schemas from the lines it can read (lines up to the
// size cap). A longer line is streamed through as it arrives, with the
// client writer held so that no answer of the guard lands inside it.
func (s *session) serverToClient(server io.Reader) {
	r := bufio.NewReaderSize(server, readBuffer)
	for {
		chunk, err := r.ReadSlice('\n')
		if err == nil || errors.Is(err, io.EOF) {
			if len(chunk) > 0 {
				s.store.learn(bytes.TrimSuffix(chunk, []byte{'\n'}))
				s.out.write(chunk)
			}
			if err != nil {
				return
			}
			continue
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return
		}
		line, ended := s.out.stream(r, chunk, admit.DefaultMaxSize)
		if line != nil {
			s.store.learn(line)
		}
		if ended {
			return
		}
	}
}

func (s *session) logf(format string, args ...any) {
	if s.log != nil {
		fmt.Fprintf(s.log, "canonfuzz guard: "+format+"\n", args...)
	}
}

func idText(id []byte) string {
	if id == nil {
		return "null"
	}
	return string(id)
}

// clientWriter serializes whole lines to the client and stops writing once
// the session is over.
type clientWriter struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
	failed error
}

// writeLine writes one message of the guard's own and a newline.
func (c *clientWriter) writeLine(b []byte) {
	c.write(append(b[:len(b):len(b)], '\n'))
}

// write writes bytes relayed from the server, in one call.
func (c *clientWriter) write(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writeLocked(b)
}

func (c *clientWriter) writeLocked(b []byte) {
	if c.closed || c.failed != nil {
		return
	}
	if _, err := c.w.Write(b); err != nil {
		c.failed = err
	}
}

// stream relays the rest of a line longer than the reader's buffer, whose
// first chunk is first. It returns the line without its newline if it was
// no longer than max (for learning; nil otherwise), and whether the server's
// output ended.
func (c *clientWriter) stream(r *bufio.Reader, first []byte, max int64) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var keep []byte
	over := false
	chunk := first
	for {
		c.writeLocked(chunk)
		if !over && int64(len(keep)+len(chunk)) <= max+1 {
			keep = append(keep, chunk...)
		} else {
			over, keep = true, nil
		}
		var err error
		if chunk, err = r.ReadSlice('\n'); err == nil {
			c.writeLocked(chunk)
			if over || int64(len(keep)+len(chunk)) > max+1 {
				return nil, false
			}
			return bytes.TrimSuffix(append(keep, chunk...), []byte{'\n'}), false
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			c.writeLocked(chunk)
			return nil, true
		}
	}
}

func (c *clientWriter) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
}

// lockedWriter is a writer shared under a lock.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
