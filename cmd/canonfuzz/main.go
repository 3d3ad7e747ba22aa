// Command canonfuzz is the suite's one command line: a thin layer over the
// packages under targets/, fuzz/, minimize/ and mutation/. Each subcommand
// lives in its own file and registers itself in commands.
//
// Exit codes are shared by every subcommand: 0 success (admitted, allowed),
// 1 the input was refused or denied, 2 a usage or I/O error.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// A command runs one subcommand with its arguments (without the name) and
// returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by the init functions of the subcommand files.
var commands = map[string]command{}

const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "canonfuzz: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: canonfuzz COMMAND [FLAGS] [ARGS]")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, commands[name].summary)
	}
}
