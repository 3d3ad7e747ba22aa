package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// pairInput is what meet and check read alike: the --tools reading of
// the arguments and two documents, each capped at admission's default size.
type pairInput struct {
	canon bound.Canon
	names [2]string
	raws  [2][]byte
}

// readPairInput parses `canonfuzz CMD [--tools TOOLS.json] A.json B.json`
// and reads the tools file and both documents. A code other than exitOK
// means the command ends with it; the reason is on stderr.
func readPairInput(cmd, operands string, args []string, stdin io.Reader, stderr io.Writer) (pairInput, int) {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	tools := fs.String("tools", "", "a tools/list result naming path and URI arguments")
	if err := fs.Parse(args); err != nil {
		return pairInput{}, exitUsage
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "usage: canonfuzz %s [--tools TOOLS.json] %s\n", cmd, operands)
		return pairInput{}, exitUsage
	}
	var in pairInput
	var code int
	if in.canon, code = loadTools(*tools, stdin, stderr, cmd); code != exitOK {
		return pairInput{}, code
	}
	for i, name := range fs.Args() {
		raw, err := readInput(name, stdin, admit.DefaultMaxSize)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz %s: %v\n", cmd, err)
			return pairInput{}, exitUsage
		}
		in.names[i], in.raws[i] = name, raw
	}
	return in, exitOK
}
