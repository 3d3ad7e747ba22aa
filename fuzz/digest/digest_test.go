package digestfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzSumMatchesCanonicalize: the digest against its definition.
func FuzzSumMatchesCanonicalize(f *testing.F) { native.Fuzz(f) }

// FuzzParseNeverPanics: digest.Parse on any request.
func FuzzParseNeverPanics(f *testing.F) { native.Fuzz(f) }

// FuzzDigestRequestInvariant: the digest of a raw request depends on its
// invocation's value alone.
func FuzzDigestRequestInvariant(f *testing.F) { native.Fuzz(f) }

// FuzzDigestRepresentationInvariant: a generated call, written five ways,
// has one digest.
func FuzzDigestRepresentationInvariant(f *testing.F) { native.Fuzz(f) }
