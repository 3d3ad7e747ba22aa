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

// pinned is the version go.mod requires; TestPinnedVersionMatchesGoMod
// keeps it honest.
const pinned = "v1.27.2"

// Name is the oracle's name.
const Name = "go-json-experiment/jsontext"

// Oracle is jsontext.Value.Canonicalize behind oracle.Canonicalizer. It
// holds no state and is safe for concurrent use.
type Oracle struct{}

// New returns the jsontext oracle.
func New() *Oracle { return &Oracle{} }

// Name returns "go-json-experiment/jsontext".
func (*Oracle) Name() string { return Name }

// Version returns the linked module version.
func (*Oracle) Version() string { return oracle.ModuleVersion(Module, pinned) }

// Canonicalize runs Value.Canonicalize on a private copy of input; its
// errors are refusals, its panics oracle.PanicErrors.
func (*Oracle) Canonicalize(input []byte) ([]byte, error) {
	return oracle.Contain(Name, input, canonicalize)
}

// canonicalize rewrites v in place, as Value.Canonicalize does.
func canonicalize(v []byte) ([]byte, error) {
	value := jsontext.Value(v)
	if err := value.Canonicalize(); err != nil {
		return nil, err
	}
	return value, nil
}

// Close does nothing: the library holds no resources.
func (*Oracle) Close() error { return nil }
