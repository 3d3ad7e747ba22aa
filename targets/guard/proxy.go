package guard

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// DefaultGrace is each wait of the shutdown when Proxy.Grace is zero: for
// the server to exit after its input is closed, then after SIGTERM.
const DefaultGrace = 5 * time.Second

// DefaultMaxMessage is the size cap on one client message when
// Proxy.MaxMessage is zero: 4 MiB. MCP requests are small JSON-RPC
// objects (a tools/call names a tool and its arguments; the largest
// plausible ones carry a file's content or a base64 image as an argument),
// and the guard admits, decodes and rewrites every tools/call before it
// forwards it, so its cap bounds what one message can cost. 4 MiB holds a
// 3 MiB file base64-encoded, five times less than the 20 MiB admission
// default that let one message cost a minute (issue 9).
const DefaultMaxMessage = 4 << 20

// DefaultMaxServerLine is the size cap on one server line when
// Proxy.MaxServerLine is zero: 16 MiB. Server results carry file contents
// and images, and the guard only frames them (one scan, FrameServerLine)
// and reads their top-level id, so the cap is larger than the client's.
const DefaultMaxServerLine = 16 << 20

// The guard's exit statuses (Proxy.Run), documented in `canonfuzz guard
// --help` and docs/GUARD.md. 1 and 2 keep the meaning they have in every
// canonfuzz command (refused, usage), so a server's own status is never
// passed through: it is logged.
const (
	// ExitClean: the server exited with status 0, on its own or after the
	// client closed its input, without being signalled by the guard.
	ExitClean = 0
	// ExitServerFailed: the server exited with a non-zero status or was
	// ended by a signal the guard did not send.
	ExitServerFailed = 3
	// ExitServerKilled: the server did not exit within the grace after its
	// input was closed (or after its output ended) and the guard stopped it
	// with SIGTERM or SIGKILL.
	ExitServerKilled = 4
	// A signal the guard received (SIGTERM, SIGINT) and forwarded to the
	// server: the guard exits 128 plus its number, as a shell reports it.
)

// CodeServerGone is the JSON-RPC error code (JSON-RPC 2.0 section 5.1, the
// range reserved for implementation-defined server errors) of the answer
// the guard gives a request the server will never answer: it exited, closed
// its output or stopped reading while the request was in flight, or the
// guard was shutting down. It is the code the MCP SDKs use for a closed
// connection.
const CodeServerGone = -32000

// DefaultMaxInFlight bounds the requests forwarded and not answered yet
// when Proxy.MaxInFlight is zero: 65,536. MCP clients keep a few in
// flight; the bound keeps a server that reads every request and answers
// none from growing the guard's table without end.
const DefaultMaxInFlight = 1 << 16

// MaxInFlightLimit is the highest bound on requests in flight that may be
// asked for: 2^24 (the ids' bytes are bounded apart, by
// DefaultMaxInFlightIDBytes).
const MaxInFlightLimit = 1 << 24

// DefaultMaxInFlightIDBytes bounds the bytes of the ids (as the client
// wrote them) of the requests in flight: 64 MiB, so ids of megabytes
// cannot fill the table before its count bound does.
const DefaultMaxInFlightIDBytes = 64 << 20

// Proxy is the guard on the MCP stdio transport (SEP-3246 section 1,
// "Guard": "a proxy on the stdio path between host and server"). It starts
// the server command in its own process group and carries newline-delimited
// JSON-RPC both ways: every client message is decided by [Decide]; every
// server line is relayed as [FrameServerLine] frames it, and answers to
// tools/list are read as they pass to learn the tools' schemas.
//
// Each direction has its own reader and writer with a bounded queue
// between them (a reader writes a lone line itself when its queue is idle,
// with a write that never waits: lineQueue.send), so a server that stops
// reading never keeps the guard from
// answering the client or from seeing the client leave, a client that
// stops reading never keeps the guard from reading the server, and a log
// nobody reads never blocks either (log lines are dropped and counted).
// Each direction keeps its order; requests are not held back waiting for
// responses, so any number may be in flight. Every request forwarded is
// answered exactly once: by the server, or by the guard (CodeServerGone)
// when the server can no longer answer it; unless the client cancels it
// (notifications/cancelled, MCP "Cancellation"), and then never (see the
// package's "Cancellation").
type Proxy struct {
	Config  Config
	Command string
	Args    []string
	Env     []string // the server's environment; nil inherits the guard's
	// Audit receives one JSON line per violation; required in audit mode.
	// A forwarded violation whose line cannot be written is refused.
	Audit io.Writer
	// Log, if set, receives one line for people per refused message and
	// per event of the session.
	Log io.Writer
	// Stderr receives the server's standard error; nil discards it.
	Stderr io.Writer
	// Grace bounds each wait of the shutdown (MCP "Lifecycle", stdio
	// shutdown: close the server's input, wait, SIGTERM, wait, SIGKILL);
	// zero means DefaultGrace.
	Grace time.Duration
	// MaxMessage caps one client message (bytes, without its newline): a
	// longer one is refused with -32700 before it is read whole. Zero means
	// DefaultMaxMessage; at most admit.DefaultMaxSize, the cap Decide admits.
	MaxMessage int64
	// MaxServerLine caps one server line: a longer one is dropped (and
	// logged) without being read whole. Zero means DefaultMaxServerLine.
	MaxServerLine int64
	// MaxInFlight bounds the requests forwarded to the server and not
	// answered yet: one more is answered CodeServerGone by its id and not
	// forwarded (never dropped). Zero means DefaultMaxInFlight; at most
	// MaxInFlightLimit. The ids of the requests in flight are bounded to
	// DefaultMaxInFlightIDBytes.
	MaxInFlight int
	// maxInFlightIDBytes is DefaultMaxInFlightIDBytes when zero (tests set it).
	maxInFlightIDBytes int
	// Signals, if set, delivers the signals the guard receives (SIGTERM,
	// SIGINT): each is forwarded to the server's process group and begins
	// the shutdown; a second one kills the group at once.
	Signals <-chan os.Signal
}

// Run starts the server and proxies between client (the client's messages)
// and out (where the client reads) until the server has exited and its
// output has been relayed. When the client's input ends (or its output
// fails) the server's input is closed after what was queued for it; a
// server that has not exited within the grace gets SIGTERM, and SIGKILL
// after another grace. When the server's output ends, every request still
// in flight and not cancelled is answered with CodeServerGone. The server's process group is
// killed before Run returns. Run returns the guard's exit status (ExitClean,
// ExitServerFailed, ExitServerKilled, or 128 plus a signal received); the
// error is for a server that could not be started or a configuration that
// cannot run.
func (p *Proxy) Run(client io.Reader, out io.Writer) (int, error) {
	if err := p.validate(); err != nil {
		return 0, err
	}
	srv, err := startServer(p)
	if err != nil {
		return 0, err
	}
	s := newSession(p, srv, out)
	return s.run(client), nil
}

func (p *Proxy) validate() error {
	if err := p.Config.Validate(); err != nil {
		return err
	}
	// once a session, not per message: Config.Validate runs in every Decide
	if err := CheckPolicyNUL(p.Config.Policy); err != nil {
		return err
	}
	if err := schemasNUL(p.Config.Canon.Schemas); err != nil {
		return err
	}
	if p.Config.Mode == Audit && p.Audit == nil {
		return fmt.Errorf("%w: audit mode needs an audit log", ErrConfig)
	}
	if p.Command == "" {
		return fmt.Errorf("%w: no server command", ErrConfig)
	}
	if p.Grace < 0 {
		return fmt.Errorf("%w: the grace %v is negative", ErrConfig, p.Grace)
	}
	if p.MaxMessage < 0 || p.MaxMessage > maxMessageLimit {
		return fmt.Errorf("%w: the message cap %d is outside 0..%d (0 means %d)", ErrConfig, p.MaxMessage, maxMessageLimit, DefaultMaxMessage)
	}
	if p.MaxInFlight < 0 || p.MaxInFlight > MaxInFlightLimit {
		return fmt.Errorf("%w: the bound on requests in flight %d is outside 0..%d (0 means %d)", ErrConfig, p.MaxInFlight, MaxInFlightLimit, DefaultMaxInFlight)
	}
	if p.MaxServerLine < 0 || p.MaxServerLine > MaxServerLineLimit {
		return fmt.Errorf("%w: the server line cap %d is outside 0..%d (0 means %d)", ErrConfig, p.MaxServerLine, MaxServerLineLimit, DefaultMaxServerLine)
	}
	return nil
}

// MaxServerLineLimit is the highest server line cap that may be asked for:
// 256 MiB (a line is held whole while it is framed).
const MaxServerLineLimit = 256 << 20

// maxMessageLimit is the highest client message cap: what Decide admits.
const maxMessageLimit = admit.DefaultMaxSize

// The settings as the proxy runs them: each field, or its default where
// the field is zero (validate refuses a negative one).
func (p *Proxy) grace() time.Duration { return cmp.Or(p.Grace, DefaultGrace) }

func (p *Proxy) maxMessage() int64 { return cmp.Or(p.MaxMessage, DefaultMaxMessage) }

func (p *Proxy) maxServerLine() int64 { return cmp.Or(p.MaxServerLine, DefaultMaxServerLine) }

func (p *Proxy) maxInFlight() int { return cmp.Or(p.MaxInFlight, DefaultMaxInFlight) }

func (p *Proxy) idBytesInFlight() int { return cmp.Or(p.maxInFlightIDBytes, DefaultMaxInFlightIDBytes) }
