package oracle

// Canonicalizer is one implementation of RFC 8785, the JSON Canonicalization
// Scheme. Implementations are safe for use by one goroutine at a time unless
// they document otherwise.
type Canonicalizer interface {
	// Name says which implementation this is, stable across versions,
	// e.g. "gowebpki/jcs" or "npm/canonicalize".
	Name() string
	// Version is the exact version of the implementation actually running,
	// e.g. a Go module version or an npm package version.
	Version() string
	// Canonicalize returns the canonical form of input, or an error: a
	// refusal wrapping ErrRefused, or a breakdown of the implementation
	// (see the package documentation). It never panics, never modifies
	// input and never returns a slice that aliases it.
	Canonicalize(input []byte) ([]byte, error)
	// Close releases what the oracle holds (a process, for instance).
	// Canonicalize after Close returns an error.
	Close() error
}

// Label is the name and version of c in one string, "name@version", as
// reports print it.
func Label(c Canonicalizer) string {
	return c.Name() + "@" + c.Version()
}
