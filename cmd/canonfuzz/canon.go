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
func canonCommand(fs *flag.FlagSet) body { return admittedTransform(fs, jcs.Canonicalize) }
