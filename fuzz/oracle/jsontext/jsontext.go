// Package jsontext adapts go-json-experiment's jsontext.Value.Canonicalize,
// an RFC 8785 implementation on a streaming tokenizer, to the
// oracle.Canonicalizer interface, with the library's default options
// (duplicate names and invalid UTF-8 rejected).
package jsontext

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/go-json-experiment/json/jsontext"
)

// Module is the Go module this adapter wraps.
const Module = "github.com/go-json-experiment/json"

// Name is the oracle's name.
const Name = "go-json-experiment/jsontext"

// New returns Value.Canonicalize as an oracle, pinned at the version go.mod
// requires (oraclepin.CheckLibrary keeps it honest).
func New() *oracle.Library { return oracle.NewLibrary(Name, Module, "v1.27.2", canonicalize) }

// canonicalize rewrites v in place, as Value.Canonicalize does.
func canonicalize(v []byte) ([]byte, error) {
	value := jsontext.Value(v)
	if err := value.Canonicalize(); err != nil {
		return nil, err
	}
	return value, nil
}
