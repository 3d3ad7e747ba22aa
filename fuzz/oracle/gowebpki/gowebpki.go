// Package gowebpki adapts github.com/gowebpki/jcs, a Go RFC 8785
// implementation that decodes through encoding/json, to the
// oracle.Canonicalizer interface.
package gowebpki

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/gowebpki/jcs"
)

// Module is the Go module this adapter wraps.
const Module = "github.com/gowebpki/jcs"

// pinned is the version go.mod requires; TestPinnedVersionMatchesGoMod
// keeps it honest.
const pinned = "v1.0.2"

// Name is the oracle's name.
const Name = "gowebpki/jcs"

// Oracle is github.com/gowebpki/jcs.Transform behind oracle.Canonicalizer.
// It holds no state and is safe for concurrent use.
type Oracle struct{}

// New returns the gowebpki/jcs oracle.
func New() *Oracle { return &Oracle{} }

// Name returns "gowebpki/jcs".
func (*Oracle) Name() string { return Name }

// Version returns the linked module version.
func (*Oracle) Version() string { return oracle.ModuleVersion(Module, pinned) }

// Canonicalize runs jcs.Transform; its errors are refusals, its panics
// oracle.PanicErrors.
func (*Oracle) Canonicalize(input []byte) ([]byte, error) {
	return oracle.Contain(Name, input, jcs.Transform)
}

// Close does nothing: the library holds no resources.
func (*Oracle) Close() error { return nil }
