//go:build gofuzz

package gofuzz

// The go-fuzz entry points. go-fuzz-build sets the gofuzz tag and finds
// them by signature; each is the property of the same name in properties,
// on the real targets.

// FuzzScanMatchesReference: admit.Scan against admit.Reference.
func FuzzScanMatchesReference(data []byte) int {
	return properties["FuzzScanMatchesReference"](data)
}

// FuzzCanonicalizeMatchesOracles: jcs.Canonicalize against admission,
// itself, gowebpki/jcs and cyberphone.
func FuzzCanonicalizeMatchesOracles(data []byte) int {
	return properties["FuzzCanonicalizeMatchesOracles"](data)
}

// FuzzDigestRequestInvariant: digest.Sum against representation changes.
func FuzzDigestRequestInvariant(data []byte) int {
	return properties["FuzzDigestRequestInvariant"](data)
}

// FuzzGlobMatchesReference: bound.CompileGlob against bound.ReferenceGlob;
// data is pattern NUL value.
func FuzzGlobMatchesReference(data []byte) int {
	return properties["FuzzGlobMatchesReference"](data)
}
