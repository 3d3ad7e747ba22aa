// Command canonfuzz is the suite's one command line: a thin layer over the
// packages under targets/ and, in the research build, campaign/, matrix/,
// minimize/ and mutation/. Each subcommand lives in its own file and
// registers itself in commands; cli.go parses the arguments of every one
// of them the same way.
//
// It has two builds (README.md, "Two builds"). The default build, what go
// install gives a user, is the product: admit, canon, digest, meet, check,
// guard and version, linking the targets and nothing of the fuzz harness
// nor Go's testing package (TestProductLinksOnlyTheTargets). The research
// commands, campaign, matrix, minimize and mutation, are in files built
// with -tags lab (make build), because each needs a checkout of the module
// anyway: campaign and mutation run go test on its packages, matrix and
// minimize the harness and the oracles installed in it (the research build
// links the planted faults too, through the registry's spec files, inert:
// fuzz/README.md). efficacy, which binds a fuzz target to a planted fault,
// is built with -tags planted, which has the research commands too. A build asked for a command it lacks says what
// the command is and how to build it (research.go), exit 2.
//
// Exit codes are shared by every subcommand: 0 success (admitted, allowed,
// or the usage asked for with -h), 1 the input was refused or denied, 2 a
// usage or I/O error. The guard adds its own (guardExitStatuses).
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// commands is filled by the init functions of the subcommand files.
var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)

func main() {
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stopTrace()
	os.Exit(code)
}

// stopTrace ends what a measuring build started (trace_guardtrace.go);
// in every other build it does nothing.
var stopTrace = func() {}

// run is canonfuzz with its arguments. With none it is a usage error;
// -h, --help and help print the usage on stdout and exit 0, and
// `help COMMAND [SUBCOMMAND]` is `COMMAND [SUBCOMMAND] -h`.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "canonfuzz: no command")
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "canonfuzz: unexpected argument %q after %s\n", args[1], args[0])
			usage(stderr)
			return exitUsage
		}
		usage(stdout)
		return exitOK
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return exitOK
		}
		if r, ok := missingResearch(args[1]); ok {
			return r.refuse(stderr)
		}
		if cmd, ok := commands[args[1]]; ok && len(args) == 2 {
			return cmd.exec([]string{"-h"}, stdin, stdout, stderr)
		} else if ok && len(args) == 3 && cmd.subcommand(args[2]) != nil {
			return cmd.subcommand(args[2]).exec([]string{"-h"}, stdin, stdout, stderr)
		}
		fmt.Fprintf(stderr, "canonfuzz help: no command %q\n", strings.Join(args[1:], " "))
		usage(stderr)
		return exitUsage
	case "-version", "--version":
		return commands["version"].exec(args[1:], stdin, stdout, stderr)
	}
	if r, ok := missingResearch(args[0]); ok {
		return r.refuse(stderr)
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "canonfuzz: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return cmd.exec(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: canonfuzz COMMAND [FLAGS] [ARGS]")
	fmt.Fprintln(w, "       canonfuzz COMMAND -h   (the command's synopsis and flags)")
	fmt.Fprintln(w, "       canonfuzz --version")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, commands[name].summary)
	}
	usageResearch(w)
}
