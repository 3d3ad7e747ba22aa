package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

func init() {
	commands["canon"] = command{
		summary: "write the RFC 8785 canonical form of a JSON text",
		run:     runCanon,
	}
}

// runCanon is `canonfuzz canon [--profile P] [--max-depth N] [--max-size B] [FILE|-]`:
// exit 0 and the canonical bytes on stdout, with no trailing newline;
// exit 1 and the one-line JSON refusal of `canonfuzz admit` on stderr when
// the input is refused; exit 2 and a message on stderr for usage and I/O
// errors.
func runCanon(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("canon", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := admitFlags(fs)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(stderr, "canonfuzz canon: at most one input file")
		return exitUsage
	}
	o, err := opts()
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz canon: %v\n", err)
		return exitUsage
	}
	input, err := readAdmitInput(fs.Arg(0), stdin, o.MaxSize)
	if err != nil {
		if printRefusal(stderr, err) {
			return exitRefused
		}
		fmt.Fprintf(stderr, "canonfuzz canon: %v\n", err)
		return exitUsage
	}
	out, err := jcs.Canonicalize(input, o)
	if err != nil {
		if printRefusal(stderr, err) {
			return exitRefused
		}
		fmt.Fprintf(stderr, "canonfuzz canon: %v\n", err)
		return exitUsage
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "canonfuzz canon: writing the output: %v\n", err)
		return exitUsage
	}
	return exitOK
}
