package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzGlobMatchesReference: bound.CompileGlob against its RE2 translation,
// on a raw pattern and value.
func FuzzGlobMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzGlobGeneratedMatchesReference: the same on generated patterns, with
// values derived from the pattern.
func FuzzGlobGeneratedMatchesReference(f *testing.F) { native.Fuzz(f) }
