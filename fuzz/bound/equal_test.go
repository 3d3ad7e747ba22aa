package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzEqMatchesReference: eq and in against bound.ReferenceEqual on a
// generated value and a respelling or change of it.
func FuzzEqMatchesReference(f *testing.F) { native.Fuzz(f) }
