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

// Name is the oracle's name.
const Name = "cyberphone/jsoncanonicalizer"

// New returns jsoncanonicalizer.Transform as an oracle, pinned at the
// version go.mod requires (oraclepin.CheckLibrary keeps it honest).
func New() *oracle.Library {
	return oracle.NewLibrary(Name, Module, "v0.0.0-20241213102144-19d51d7fe467", jsoncanonicalizer.Transform)
}
