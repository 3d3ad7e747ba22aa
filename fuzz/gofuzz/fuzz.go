//go:build gofuzz

package gofuzz

// The go-fuzz entry points. go-fuzz-build sets the gofuzz tag and finds
// them by signature; each is the registry target of the same name
// (targets.go).

// FuzzScanMatchesReference: admit.Scan against admit.Reference.
func FuzzScanMatchesReference(data []byte) int { return run("FuzzScanMatchesReference", data) }

// FuzzCanonicalizeMatchesOracles: jcs.Canonicalize against admission,
// itself and the Go oracles.
func FuzzCanonicalizeMatchesOracles(data []byte) int {
	return run("FuzzCanonicalizeMatchesOracles", data)
}

// FuzzDigestRequestInvariant: the digest of a raw request against
// representation changes.
func FuzzDigestRequestInvariant(data []byte) int { return run("FuzzDigestRequestInvariant", data) }

// FuzzGlobMatchesReference: bound.CompileGlob against bound.ReferenceGlob;
// data is pattern NUL value.
func FuzzGlobMatchesReference(data []byte) int { return run("FuzzGlobMatchesReference", data) }
