package oracle

// Library is an in-process Go implementation of RFC 8785 behind
// Canonicalizer: a transform of the linked module, run through Contain (its
// errors are refusals, its panics PanicErrors, its output never aliases
// the input). It holds no state and is safe for concurrent use. Each Go
// adapter (gowebpki, cyberphone, jsontext) is one call to NewLibrary.
type Library struct {
	name, module, pinned string
	transform            func([]byte) ([]byte, error)
}

// NewLibrary adapts transform, of the Go module module whose version go.mod
// requires is pinned, under name.
func NewLibrary(name, module, pinned string, transform func([]byte) ([]byte, error)) *Library {
	return &Library{name: name, module: module, pinned: pinned, transform: transform}
}

// Name is the oracle's name.
func (l *Library) Name() string { return l.name }

// Module is the Go module the transform comes from.
func (l *Library) Module() string { return l.module }

// Pinned is the version of Module that go.mod requires, which Version
// falls back to where the build information names no module (test
// binaries); oraclepin.CheckLibrary holds it to go.mod.
func (l *Library) Pinned() string { return l.pinned }

// Version returns the linked module version.
func (l *Library) Version() string { return ModuleVersion(l.module, l.pinned) }

// Canonicalize runs the transform on a private copy of input.
func (l *Library) Canonicalize(input []byte) ([]byte, error) {
	return Contain(l.name, input, l.transform)
}

// Close does nothing: the library holds no resources.
func (*Library) Close() error { return nil }
