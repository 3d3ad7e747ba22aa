// Package cyberphone adapts the Go reference implementation of RFC 8785 by
// the RFC's author (github.com/cyberphone/json-canonicalization, package
// webpki.org/jsoncanonicalizer) to the oracle.Canonicalizer interface.
package cyberphone

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/cyberphone/json-canonicalization/go/src/webpki.org/jsoncanonicalizer"
)

// Module is the Go module this adapter wraps.
const Module = "github.com/cyberphone/json-canonicalization"

// pinned is the version go.mod requires; TestPinnedVersionMatchesGoMod
// keeps it honest.
const pinned = "v0.0.0-20241213102144-19d51d7fe467"

// Name is the oracle's name.
const Name = "cyberphone/jsoncanonicalizer"

// Oracle is jsoncanonicalizer.Transform behind oracle.Canonicalizer. It
// holds no state and is safe for concurrent use.
type Oracle struct{}

// New returns the cyberphone reference oracle.
func New() *Oracle { return &Oracle{} }

// Name returns "cyberphone/jsoncanonicalizer".
func (*Oracle) Name() string { return Name }

// Version returns the linked module version.
func (*Oracle) Version() string { return oracle.ModuleVersion(Module, pinned) }

// Canonicalize runs jsoncanonicalizer.Transform; its errors are refusals,
// its panics oracle.PanicErrors.
func (*Oracle) Canonicalize(input []byte) ([]byte, error) {
	return oracle.Contain(Name, input, jsoncanonicalizer.Transform)
}

// Close does nothing: the library holds no resources.
func (*Oracle) Close() error { return nil }
