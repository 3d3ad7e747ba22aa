package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

func init() {
	register(&command{
		name:    "guard",
		summary: "run the SEP-3246 guard (section 4) in front of an MCP stdio server",
		synopsis: []string{"guard --policy BOUND.json --component NAME --absent originate|reject [--audit FILE] [--tools TOOLS.json] " +
			"[--grace D] [--max-message BYTES] [--max-server-line BYTES] [--max-in-flight N] [--] SERVER [ARGS...]"},
		operands: operands{max: -1, command: true},
		define:   guardCommand,
		help:     guardExitStatuses,
	})
}

// guardExitStatuses is the help text of the guard's exit statuses
// (guard.Proxy.Run), also in docs/GUARD.md.
var guardExitStatuses = fmt.Sprintf(`exit status:
  %d    the server exited with status 0 (on its own or at the end of its input)
  %d    usage: bad flags, a policy or tools file refused, a server that cannot start
  %d    the server failed: it exited non-zero or was ended by a signal the guard did not send
  %d    the server did not exit within --grace and the guard stopped it (SIGTERM, then SIGKILL)
  128+N the guard received signal N (SIGTERM 143, SIGINT 130, SIGHUP 129, SIGQUIT 131) and forwarded it to the server
The server's own status is logged on standard error, never passed through:
its 1 or 2 would read as "refused" or "usage".
`, guard.ExitClean, exitUsage, guard.ExitServerFailed, guard.ExitServerKilled)

// guardCommand is `canonfuzz guard`: it starts SERVER in a process group of its
// own and proxies the MCP stdio transport between its own standard input
// and output and the server's, deciding every client message with
// guard.Decide. SIGTERM, SIGINT, SIGHUP and SIGQUIT are forwarded to the
// server's process group, which gets
// --grace to exit before it is killed. The exit statuses are
// guardExitStatuses; 2 for a usage error (a missing --absent among them:
// SEP-3246 section 4.5.1 gives the disposition no default) or a server that
// cannot be started.
func guardCommand(fs *flag.FlagSet) body {
	policyFile := fs.String("policy", "", "the bound this guard confers: a JSON array of rules (required; not -, standard input is the transport)")
	component := fs.String("component", "", "this guard's component identifier, written in the hop it appends (required)")
	absent := fs.String("absent", "", "calls without provenance: originate or reject (required, no default)")
	auditFile := fs.String("audit", "", "audit mode: forward violations and append one JSON line per violation to FILE; a violation that cannot be recorded is refused")
	tools := fs.String("tools", "", "a tools/list result naming path and URI arguments (not -)")
	grace := fs.Duration("grace", guard.DefaultGrace, "how long the server gets to exit after its input closes, and again after SIGTERM, before SIGKILL")
	maxMessage := fs.Int64("max-message", guard.DefaultMaxMessage, "bytes in one client message; a longer one is refused (-32700) unread")
	maxServerLine := fs.Int64("max-server-line", guard.DefaultMaxServerLine, fmt.Sprintf("bytes in one server line; a longer one is dropped unread (at most %d)", guard.MaxServerLineLimit))
	maxInFlight := fs.Int("max-in-flight", guard.DefaultMaxInFlight, fmt.Sprintf("requests forwarded and not answered at once; one more is answered -32000 by its id, not forwarded (at most %d)", guard.MaxInFlightLimit))
	return func(c *call, ops []string) int {
		return runGuard(c, ops, guardFlags{*policyFile, *component, *absent, *auditFile, *tools, *grace, *maxMessage, *maxServerLine, *maxInFlight})
	}
}

// guardFlags are the values of the guard's flags.
type guardFlags struct {
	policyFile, component, absent, auditFile, tools string
	grace                                           time.Duration
	maxMessage, maxServerLine                       int64
	maxInFlight                                     int
}

// runGuard checks the flags, reads the policy and runs the proxy.
func runGuard(c *call, server []string, f guardFlags) int {
	fail := c.usageError
	disposition, err := guard.ParseDisposition(f.absent)
	if err != nil {
		return fail("--absent: %v", err)
	}
	switch {
	case f.policyFile == "" || f.component == "":
		return fail("--policy and --component are required")
	case len(server) == 0:
		return fail("no server command after --")
	case f.grace <= 0:
		return fail("--grace %v is not positive", f.grace)
	case f.maxMessage < 1 || f.maxMessage > admit.DefaultMaxSize:
		return fail("--max-message %d is outside 1..%d", f.maxMessage, admit.DefaultMaxSize)
	case f.maxServerLine < 1 || f.maxServerLine > guard.MaxServerLineLimit:
		return fail("--max-server-line %d is outside 1..%d", f.maxServerLine, guard.MaxServerLineLimit)
	case f.maxInFlight < 1 || f.maxInFlight > guard.MaxInFlightLimit:
		return fail("--max-in-flight %d is outside 1..%d", f.maxInFlight, guard.MaxInFlightLimit)
	}
	for flagName, name := range map[string]string{"--policy": f.policyFile, "--tools": f.tools, "--audit": f.auditFile} {
		if err := notTheTransport(name, c.stdin); err != nil {
			return fail("%s: %v", flagName, err)
		}
	}
	for flagName, name := range map[string]string{"--policy": f.policyFile, "--tools": f.tools} {
		if err := notTheLog(name, c.stderr); err != nil {
			return fail("%s: %v", flagName, err)
		}
	}
	raw, err := readConfigFile(f.policyFile, admit.DefaultMaxSize)
	if err != nil {
		return fail("--policy: %v", err)
	}
	policy, err := bound.ParseBound(raw)
	if err == nil {
		err = guard.CheckPolicyNUL(policy)
	}
	if err != nil {
		return fail("--policy %s: %v", f.policyFile, err)
	}
	canon, code := loadTools(c, f.tools)
	if code != exitOK {
		return code
	}
	// The server is in a process group of its own, so the signals a
	// terminal sends the foreground group (SIGINT, SIGQUIT, SIGHUP) reach
	// it only through the guard: each of these is forwarded.
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(signals)
	// A client that closes its end of our standard output must not kill the
	// guard with SIGPIPE (Go's default for fd 1) before it stops the
	// server: the write fails with EPIPE instead, and the session ends as
	// when the client leaves. Notify, not Ignore: an ignored signal stays
	// ignored in the server after exec, a caught one is reset to default.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	p := &guard.Proxy{
		Config:        guard.Config{Component: f.component, Policy: policy, Absent: disposition, Canon: canon},
		Command:       server[0],
		Args:          server[1:],
		Log:           c.stderr,
		Stderr:        c.stderr,
		Grace:         f.grace,
		MaxMessage:    f.maxMessage,
		MaxServerLine: f.maxServerLine,
		MaxInFlight:   f.maxInFlight,
		Signals:       signals,
	}
	if f.auditFile != "" {
		audit, err := openAuditFile(f.auditFile)
		if err != nil {
			return fail("--audit: %v", err)
		}
		defer audit.Close()
		p.Config.Mode, p.Audit = guard.Audit, audit
	}
	growPipes(c.stdin, c.stdout)
	status, err := p.Run(c.stdin, c.stdout)
	if err != nil {
		return c.fail("%v", err)
	}
	return status
}

// errTransport is matched by the error of notTheTransport.
var errTransport = errors.New("standard input and output are the MCP transport")

// notTheTransport refuses a file argument that names the guard's standard
// input or output: "-", or any path to the same file (/dev/stdin,
// /proc/self/fd/0, the pipe's own name), which would read the client's
// messages as a policy or write the audit log into the transport.
func notTheTransport(name string, stdin io.Reader) error {
	if name == "" {
		return nil
	}
	if name == "-" {
		return fmt.Errorf("%w: %q cannot name a file here", errTransport, name)
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil // opening it reports the error
	}
	for _, std := range []any{stdin, os.Stdin, os.Stdout} {
		if f, ok := std.(*os.File); ok {
			if sfi, err := f.Stat(); err == nil && os.SameFile(fi, sfi) {
				return fmt.Errorf("%w: %s is the same file", errTransport, name)
			}
		}
	}
	return nil
}

// errOwnLog is matched by the error of notTheLog.
var errOwnLog = errors.New("standard error is the guard's log")

// notTheLog refuses a file the guard reads (--policy, --tools) that names
// its standard error (/dev/stderr, /dev/fd/2, the pipe's own name): when
// that is a pipe, opening it for reading gives its read end, whose writer
// is the guard itself, so the guard would read its own log lines and wait
// for an end that never comes (red-team pass 4, docs/GUARD.md). --audit
// may name it: the guard writes there.
func notTheLog(name string, stderr io.Writer) error {
	if name == "" || name == "-" {
		return nil
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil // opening it reports the error
	}
	for _, std := range []any{stderr, os.Stderr} {
		if f, ok := std.(*os.File); ok {
			if sfi, err := f.Stat(); err == nil && os.SameFile(fi, sfi) {
				return fmt.Errorf("%w: %s is the same file", errOwnLog, name)
			}
		}
	}
	return nil
}

// growPipes gives the guard's own standard input and output 1 MiB pipes
// when they are pipes (guard.GrowPipe), so large messages cross in few
// system calls.
func growPipes(files ...any) {
	for _, f := range files {
		if f, ok := f.(*os.File); ok {
			guard.GrowPipe(f)
		}
	}
}
