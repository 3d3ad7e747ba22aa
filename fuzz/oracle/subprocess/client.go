package subprocess

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// Config says how to run one oracle program.
type Config struct {
	Command string   // the program, looked up in PATH if it has no slash
	Args    []string // its arguments
	Dir     string   // its working directory; "" is the caller's
	Env     []string // its environment; nil is the caller's
	// Timeout bounds each request; 0 means 10 s.
	Timeout time.Duration
	// StartTimeout bounds the hello handshake after a start; 0 means 10 s.
	StartTimeout time.Duration
	// MaxLine bounds one response line; 0 means 256 MiB.
	MaxLine int
}

// Client is one oracle program behind oracle.Canonicalizer. It is safe for
// concurrent use; requests are sent one at a time.
type Client struct {
	cfg Config

	mu       sync.Mutex
	proc     *process // nil between a failure and the next request
	name     string   // from the first hello
	version  string
	protocol int // from the first hello
	nextID   uint64
	restarts int
	closed   bool
}

var _ oracle.Canonicalizer = (*Client)(nil)

// Start runs the program of cfg and greets it with hello. The error, if
// any, is a *Failure wrapping ErrStart with the program's stderr.
func Start(cfg Config) (*Client, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 10 * time.Second
	}
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = 256 << 20
	}
	c := &Client{cfg: cfg}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.start(); err != nil {
		return nil, err
	}
	return c, nil
}

// Name returns the name the program gave in hello.
func (c *Client) Name() string { return c.name }

// Version returns the version the program gave in hello.
func (c *Client) Version() string { return c.version }

// Protocol returns the protocol version the program answered hello with.
func (c *Client) Protocol() int { return c.protocol }

// Restarts counts how often the program was started again after a failure.
func (c *Client) Restarts() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.restarts
}

// Canonicalize sends input to the program. A refusal is an
// *oracle.RefusedError; a crash, hang or protocol fault a *Failure.
func (c *Client) Canonicalize(input []byte) ([]byte, error) {
	resp, err := c.Call(Request{Op: OpCanonicalize, Input: Encode(input)})
	if err != nil {
		return nil, err
	}
	if !*resp.OK {
		return nil, &oracle.RefusedError{Oracle: c.name, Reason: resp.Error}
	}
	if resp.Output == nil {
		return nil, c.protocolFault(OpCanonicalize, "ok response without output")
	}
	out, err := decodeBytes(*resp.Output)
	if err != nil {
		return nil, c.protocolFault(OpCanonicalize, "output is not base64: "+err.Error())
	}
	return out, nil
}

// FormatNumbers asks the program for its number-to-string of each double
// (the optional number op). A program without it answers with an error.
func (c *Client) FormatNumbers(fs []float64) ([]string, error) {
	bits := make([]string, len(fs))
	for i, f := range fs {
		bits[i] = fmt.Sprintf("%016x", math.Float64bits(f))
	}
	resp, err := c.Call(Request{Op: OpNumber, Bits: bits})
	if err != nil {
		return nil, err
	}
	if !*resp.OK {
		return nil, fmt.Errorf("oracle %s: number: %s", c.name, resp.Error)
	}
	if len(resp.Strings) != len(fs) {
		return nil, c.protocolFault(OpNumber, fmt.Sprintf("%d strings for %d numbers", len(resp.Strings), len(fs)))
	}
	return resp.Strings, nil
}

// Call sends one request (its ID is assigned here) and returns the
// program's validated response, ok or not. On a crash, timeout or protocol
// fault the program is stopped, the error is a *Failure, and the next call
// starts the program again.
func (c *Client) Call(req Request) (*Response, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, fmt.Errorf("subprocess oracle %s: %w", c.label(), oracle.ErrClosed)
	}
	if c.proc == nil {
		c.restarts++
		if err := c.start(); err != nil {
			return nil, err
		}
	}
	return c.exchange(req, c.cfg.Timeout)
}

// Close stops the program: stdin closed, a second to exit, then killed.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	if c.proc == nil {
		return nil
	}
	p := c.proc
	c.proc = nil
	if err := p.shutdown(); err != nil {
		return fmt.Errorf("subprocess oracle %s: on close: %v; stderr: %s", c.label(), err, p.stderr)
	}
	return nil
}

// start runs the program and checks its hello. c.mu is held.
func (c *Client) start() error {
	p, err := startProcess(&c.cfg)
	if err != nil {
		return &Failure{Oracle: c.label(), Op: OpHello, Kind: ErrStart, Detail: err.Error()}
	}
	c.proc = p
	resp, err := c.exchange(Request{Op: OpHello, Protocol: ProtocolVersion}, c.cfg.StartTimeout)
	if err != nil {
		var f *Failure
		if errors.As(err, &f) {
			f.Detail = f.Kind.Error() + ": " + f.Detail
			f.Kind = ErrStart
		}
		return err
	}
	fault := ""
	switch {
	case !*resp.OK:
		fault = "hello refused: " + resp.Error
	case resp.Name == "" || resp.Version == "":
		fault = "hello without a name and a version"
	case resp.Protocol < MinProtocolVersion || resp.Protocol > ProtocolVersion:
		fault = fmt.Sprintf("hello with protocol %d, want %d to %d", resp.Protocol, MinProtocolVersion, ProtocolVersion)
	case c.name != "" && (resp.Name != c.name || resp.Version != c.version || resp.Protocol != c.protocol):
		fault = fmt.Sprintf("restarted as %s@%s (protocol %d), was %s@%s (protocol %d)", resp.Name, resp.Version, resp.Protocol, c.name, c.version, c.protocol)
	}
	if fault != "" {
		return c.fail(OpHello, c.nextID, ErrStart, fault, c.proc.kill)
	}
	c.name, c.version, c.protocol = resp.Name, resp.Version, resp.Protocol
	return nil
}

// exchange sends req to the running program and waits up to timeout for
// its response. c.mu is held and c.proc is running.
func (c *Client) exchange(req Request, timeout time.Duration) (*Response, error) {
	c.nextID++
	req.ID = c.nextID
	data, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("subprocess: encoding %s request: %w", req.Op, err)
	}
	p := c.proc
	// The write runs beside the wait: a program that stopped reading its
	// stdin must not block the request past its timeout once the pipe is
	// full. A write error means the program is gone; its stdout tells how.
	go func() { _ = p.send(data) }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case l := <-p.lines:
		if l.err != nil {
			if errors.Is(l.err, errLineTooLong) {
				return nil, c.fail(req.Op, req.ID, ErrProtocol, l.err.Error(), p.kill)
			}
			return nil, c.fail(req.Op, req.ID, ErrCrashed, "stdout closed: "+l.err.Error(), p.settle)
		}
		resp, err := parseResponse(l.data, req.ID)
		if err != nil {
			return nil, c.fail(req.Op, req.ID, ErrProtocol, err.Error(), p.kill)
		}
		return resp, nil
	case <-timer.C:
		return nil, c.fail(req.Op, req.ID, ErrTimeout, "no response within "+timeout.String(), p.kill)
	}
}

// fail stops the program with stop and returns the Failure of one request.
func (c *Client) fail(op string, id uint64, kind error, detail string, stop func() string) error {
	p := c.proc
	c.proc = nil
	exit := stop()
	return &Failure{Oracle: c.label(), Op: op, ID: id, Kind: kind, Detail: detail, Exit: exit, Stderr: p.stderr.String()}
}

// protocolFault stops the program over a response that parsed but made no
// sense, and returns the Failure.
func (c *Client) protocolFault(op, detail string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.proc == nil {
		return &Failure{Oracle: c.label(), Op: op, ID: c.nextID, Kind: ErrProtocol, Detail: detail}
	}
	return c.fail(op, c.nextID, ErrProtocol, detail, c.proc.kill)
}

// label names the oracle in errors: its hello name, or its command.
func (c *Client) label() string {
	if c.name != "" {
		return c.name
	}
	return c.cfg.Command
}
