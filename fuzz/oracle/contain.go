package oracle

import (
	"bytes"
	"runtime/debug"
)

// Contain runs an in-process implementation on a private copy of input and
// turns what it does into the Canonicalizer contract: an error from
// transform becomes a RefusedError, a panic becomes a PanicError, and the
// result never aliases input. Adapters of Go libraries are one call to it.
func Contain(oracle string, input []byte, transform func([]byte) ([]byte, error)) (out []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = nil, &PanicError{Oracle: oracle, Value: v, Stack: debug.Stack()}
		}
	}()
	private := bytes.Clone(input)
	if private == nil {
		private = []byte{}
	}
	res, terr := transform(private)
	if terr != nil {
		return nil, Refused(oracle, terr)
	}
	return bytes.Clone(res), nil
}
