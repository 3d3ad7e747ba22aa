package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/digest"
)

func init() {
	commands["digest"] = command{
		summary: "print the action digest of a tools/call request",
		run:     runDigest,
	}
}

// runDigest is `canonfuzz digest [--profile P] [--max-depth N] [--max-size B] [FILE|-]`:
// the input is a JSON-RPC tools/call request or a plain object with
// method, name and arguments. Exit 0 and the digest and a newline on
// stdout; exit 1 and a one-line JSON refusal on stderr when the input is
// refused by admission or is not such a request; exit 2 and a message on
// stderr for usage and I/O errors.
func runDigest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("digest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := admitFlags(fs)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(stderr, "canonfuzz digest: at most one input file")
		return exitUsage
	}
	o, err := opts()
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz digest: %v\n", err)
		return exitUsage
	}
	input, err := readAdmitInput(fs.Arg(0), stdin, o.MaxSize)
	if err != nil {
		if printRefusal(stderr, err) {
			return exitRefused
		}
		fmt.Fprintf(stderr, "canonfuzz digest: %v\n", err)
		return exitUsage
	}
	d, err := digest.Sum(input, o)
	if err != nil {
		if printRefusal(stderr, err) || printRequestRefusal(stderr, err) {
			return exitRefused
		}
		fmt.Fprintf(stderr, "canonfuzz digest: %v\n", err)
		return exitUsage
	}
	if _, err := fmt.Fprintln(stdout, d); err != nil {
		fmt.Fprintf(stderr, "canonfuzz digest: writing the output: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// printRequestRefusal writes a *digest.Error as the same one-line JSON
// shape as an admission refusal, its member's JSON Pointer leading the
// message, and reports whether it did.
func printRequestRefusal(w io.Writer, err error) bool {
	var de *digest.Error
	if !errors.As(err, &de) {
		return false
	}
	line, _ := json.Marshal(refusal{Kind: string(de.Kind), Offset: de.Offset,
		Message: fmt.Sprintf("%q: %s", de.Pointer, de.Detail)})
	fmt.Fprintf(w, "%s\n", line)
	return true
}
