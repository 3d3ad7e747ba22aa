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

// Name is the oracle's name.
const Name = "gowebpki/jcs"

// New returns jcs.Transform as an oracle, pinned at the version go.mod
// requires (oraclepin.CheckLibrary keeps it honest).
func New() *oracle.Library { return oracle.NewLibrary(Name, Module, "v1.0.2", jcs.Transform) }
