package digestfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzSumMatchesCanonicalize: the digest against its definition.
func FuzzSumMatchesCanonicalize(f *testing.F) {
	check := native.Target(f, "FuzzSumMatchesCanonicalize")
	f.Fuzz(func(t *testing.T, arguments string, ijson bool) { check(t, arguments, ijson) })
}

// FuzzParseNeverPanics: digest.Parse on any request.
func FuzzParseNeverPanics(f *testing.F) {
	check := native.Target(f, "FuzzParseNeverPanics")
	f.Fuzz(func(t *testing.T, request []byte) { check(t, request) })
}

// FuzzDigestRequestInvariant: the digest of a raw request depends on its
// invocation's value alone.
func FuzzDigestRequestInvariant(f *testing.F) {
	check := native.Target(f, "FuzzDigestRequestInvariant")
	f.Fuzz(func(t *testing.T, request []byte) { check(t, request) })
}

// FuzzDigestRepresentationInvariant: a generated call, written five ways,
// has one digest.
func FuzzDigestRepresentationInvariant(f *testing.F) {
	check := native.Target(f, "FuzzDigestRepresentationInvariant")
	f.Fuzz(func(t *testing.T, data []byte) { check(t, data) })
}
