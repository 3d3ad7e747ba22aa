package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

func init() {
	commands["guard"] = command{
		summary: "run the SEP-3246 guard (section 4) in front of an MCP stdio server",
		run:     runGuard,
	}
}

const guardUsage = "usage: canonfuzz guard --policy BOUND.json --component NAME --absent originate|reject [--audit FILE] [--tools TOOLS.json] -- SERVER [ARGS...]"

// runGuard is `canonfuzz guard`: it starts SERVER and proxies the MCP stdio
// transport between its own standard input and output and the server's,
// deciding every client message with guard.Decide. It exits with the
// server's status; 2 for a usage error (a missing --absent among them:
// SEP-3246 section 4.5.1 gives the disposition no default) or a server that
// cannot be started.
func runGuard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("guard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	policyFile := fs.String("policy", "", "the bound this guard confers: a JSON array of rules (required)")
	component := fs.String("component", "", "this guard's component identifier, written in the hop it appends (required)")
	absent := fs.String("absent", "", "calls without provenance: originate or reject (required, no default)")
	auditFile := fs.String("audit", "", "audit mode: forward violations and append one JSON line per violation to FILE")
	tools := fs.String("tools", "", "a tools/list result naming path and URI arguments")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "canonfuzz guard: "+format+"\n", a...)
		fmt.Fprintln(stderr, guardUsage)
		return exitUsage
	}
	disposition, err := guard.ParseDisposition(*absent)
	if err != nil {
		return fail("--absent: %v", err)
	}
	if *policyFile == "" || *component == "" {
		return fail("--policy and --component are required")
	}
	if fs.NArg() == 0 {
		return fail("no server command after --")
	}
	raw, err := readInput(*policyFile, stdin, admit.DefaultMaxSize)
	if err != nil {
		return fail("--policy: %v", err)
	}
	policy, err := bound.ParseBound(raw)
	if err != nil {
		return fail("--policy %s: %v", *policyFile, err)
	}
	canon, code := loadTools(*tools, stdin, stderr, "guard")
	if code != exitOK {
		return code
	}
	p := &guard.Proxy{
		Config:  guard.Config{Component: *component, Policy: policy, Absent: disposition, Canon: canon},
		Command: fs.Arg(0),
		Args:    fs.Args()[1:],
		Log:     stderr,
		Stderr:  stderr,
	}
	if *auditFile != "" {
		f, err := os.OpenFile(*auditFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return fail("--audit: %v", err)
		}
		defer f.Close()
		p.Config.Mode, p.Audit = guard.Audit, f
	}
	status, err := p.Run(stdin, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz guard: %v\n", err)
		return exitUsage
	}
	return status
}
