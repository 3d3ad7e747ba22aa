package main

import (
	"flag"

	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

func init() {
	register(&command{
		name:     "canon",
		summary:  "write the RFC 8785 canonical form of a JSON text",
		synopsis: []string{"canon [--profile rfc8785|ijson] [--max-depth N] [--max-size BYTES] [FILE|-]"},
		operands: operands{max: 1, stdin: 1},
		define:   canonCommand,
	})
}

// canonCommand is `canonfuzz canon`: exit 0 and the canonical bytes on
// stdout, with no trailing newline; exit 1 and the one-line JSON refusal
// of `canonfuzz admit` on stderr when the input is refused; exit 2 and a
// message on stderr for usage and I/O errors.
func canonCommand(fs *flag.FlagSet) body {
	opts := admitFlags(fs)
	return func(c *call, ops []string) int {
		o, err := opts()
		if err != nil {
			return c.usageError("%v", err)
		}
		input, err := readAdmitInput(operand(ops), c.stdin, o.MaxSize)
		var out []byte
		if err == nil {
			out, err = jcs.Canonicalize(input, o)
		}
		if err != nil {
			if printRefusal(c.stderr, err) {
				return exitRefused
			}
			return c.fail("%v", err)
		}
		if _, err := c.stdout.Write(out); err != nil {
			return c.fail("writing the output: %v", err)
		}
		return exitOK
	}
}
