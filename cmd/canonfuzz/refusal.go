package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// refusal is the one-line JSON form of an *admit.Error that `admit`,
// `canon` and `digest` print.
type refusal struct {
	Kind    string `json:"kind"`
	Offset  int64  `json:"offset"`
	Message string `json:"message"`
}

// printRefusal writes err as one JSON line if it is (or wraps) an
// *admit.Error and reports whether it did.
func printRefusal(w io.Writer, err error) bool {
	var ae *admit.Error
	if !errors.As(err, &ae) {
		return false
	}
	line, _ := json.Marshal(refusal{Kind: string(ae.Kind), Offset: ae.Offset, Message: ae.Detail})
	fmt.Fprintf(w, "%s\n", line)
	return true
}
