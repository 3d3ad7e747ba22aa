package main

import (
	"flag"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

func init() {
	register(admitInputCommand("digest", "print the action digest of a tools/call request", digestCommand))
}

// digestCommand is `canonfuzz digest`: the input is a JSON-RPC tools/call
// request or a plain object with method, name and arguments. Exit 0 and
// the digest and a newline on stdout; exit 1 and a one-line JSON refusal
// on stderr when the input is refused by admission or is not such a
// request; exit 2 and a message on stderr for usage and I/O errors.
func digestCommand(fs *flag.FlagSet) body {
	return admittedTransform(fs, func(input []byte, o admit.Options) ([]byte, error) {
		d, err := digest.Sum(input, o)
		if err != nil {
			return nil, err
		}
		return []byte(d.String() + "\n"), nil
	})
}
