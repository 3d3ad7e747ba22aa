package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzArgumentCanonicalizationIdempotent: argument canonicalization
// (SEP-3246 section 3.2.2) accepts and keeps its own output.
func FuzzArgumentCanonicalizationIdempotent(f *testing.F) {
	check := native.Target(f, "FuzzArgumentCanonicalizationIdempotent")
	f.Fuzz(func(t *testing.T, s string, fold bool) { check(t, s, fold) })
}

// FuzzArgumentCanonicalization: the hierarchical reading against the
// reference resolver, on generated pairs and pairs given directly.
func FuzzArgumentCanonicalization(f *testing.F) {
	check := native.Target(f, "FuzzArgumentCanonicalization")
	f.Fuzz(func(t *testing.T, data []byte, x, y string, fold bool) { check(t, data, x, y, fold) })
}
