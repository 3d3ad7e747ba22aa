package main

import (
	"flag"

	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

func init() {
	register(admitInputCommand("canon", "write the RFC 8785 canonical form of a JSON text", canonCommand))
}

// canonCommand is `canonfuzz canon`: exit 0 and the canonical bytes on
// stdout, with no trailing newline; exit 1 and the one-line JSON refusal
// of `canonfuzz admit` on stderr when the input is refused; exit 2 and a
// message on stderr for usage and I/O errors.
func canonCommand(fs *flag.FlagSet) body {
	read := admitInput(fs)
	return func(c *call, ops []string) int {
		input, o, err := read(c, ops)
		var out []byte
		if err == nil {
			out, err = jcs.Canonicalize(input, o)
		}
		if err != nil {
			return refuseOrFail(c, c.stderr, err)
		}
		if _, err := c.stdout.Write(out); err != nil {
			return c.fail("writing the output: %v", err)
		}
		return exitOK
	}
}
