package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzArgumentCanonicalizationIdempotent: argument canonicalization
// (SEP-3246 section 3.2.2) accepts and keeps its own output.
func FuzzArgumentCanonicalizationIdempotent(f *testing.F) { native.Fuzz(f) }

// FuzzArgumentCanonicalization: the hierarchical reading against the
// reference resolver, on generated pairs and pairs given directly.
func FuzzArgumentCanonicalization(f *testing.F) { native.Fuzz(f) }
