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
	register(admitInputCommand("digest", "print the action digest of a tools/call request", digestCommand))
}

// digestCommand is `canonfuzz digest`: the input is a JSON-RPC tools/call
// request or a plain object with method, name and arguments. Exit 0 and
// the digest and a newline on stdout; exit 1 and a one-line JSON refusal
// on stderr when the input is refused by admission or is not such a
// request; exit 2 and a message on stderr for usage and I/O errors.
func digestCommand(fs *flag.FlagSet) body {
	read := admitInput(fs)
	return func(c *call, ops []string) int {
		input, o, err := read(c, ops)
		var d digest.Digest
		if err == nil {
			d, err = digest.Sum(input, o)
		}
		if err != nil {
			if printRequestRefusal(c.stderr, err) {
				return exitRefused
			}
			return refuseOrFail(c, c.stderr, err)
		}
		if _, err := fmt.Fprintln(c.stdout, d); err != nil {
			return c.fail("writing the output: %v", err)
		}
		return exitOK
	}
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
