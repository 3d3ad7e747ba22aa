package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// refusal is the one-line JSON form of an *admit.Error or a *digest.Error
// that `admit`, `canon` and `digest` print.
type refusal struct {
	Kind    string `json:"kind"`
	Offset  int64  `json:"offset"`
	Message string `json:"message"`
}

// printRefusal writes err as one JSON line if it is (or wraps) a
// *digest.Error, its member's JSON Pointer leading the message, or an
// *admit.Error, and reports whether it did.
func printRefusal(w io.Writer, err error) bool {
	var r refusal
	var de *digest.Error
	var ae *admit.Error
	switch {
	case errors.As(err, &de):
		r = refusal{Kind: string(de.Kind), Offset: de.Offset, Message: fmt.Sprintf("%q: %s", de.Pointer, de.Detail)}
	case errors.As(err, &ae):
		r = refusal{Kind: string(ae.Kind), Offset: ae.Offset, Message: ae.Detail}
	default:
		return false
	}
	line, _ := json.Marshal(r)
	fmt.Fprintf(w, "%s\n", line)
	return true
}
