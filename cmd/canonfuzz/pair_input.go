package main

import (
	"flag"

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

// pairOperands are the two documents of meet and check; one of them, or
// --tools, may be standard input.
var pairOperands = operands{min: 2, max: 2, stdin: 1}

// pairFlags registers --tools on fs; the function it returns reads the
// tools file and both documents. A code other than exitOK means the
// command ends with it; the reason is on stderr.
func pairFlags(fs *flag.FlagSet) func(c *call, ops []string) (pairInput, int) {
	tools := fs.String("tools", "", "a tools/list result naming path and URI arguments")
	return func(c *call, ops []string) (pairInput, int) {
		if *tools == "-" && (ops[0] == "-" || ops[1] == "-") {
			return pairInput{}, c.usageError(`"-" given twice (--tools and an operand): standard input can be read only once`)
		}
		var in pairInput
		var code int
		if in.canon, code = loadTools(c, *tools); code != exitOK {
			return pairInput{}, code
		}
		for i, name := range ops {
			raw, err := readInput(name, c.stdin, admit.DefaultMaxSize)
			if err != nil {
				return pairInput{}, c.fail("%v", err)
			}
			in.names[i], in.raws[i] = name, raw
		}
		return in, exitOK
	}
}
