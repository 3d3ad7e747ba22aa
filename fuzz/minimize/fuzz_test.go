package minimizefuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzStructureSpans: the JSON stages' reading of any bytes keeps its
// spans inside the input and in order.
func FuzzStructureSpans(f *testing.F) {
	check := native.Target(f, "FuzzStructureSpans")
	f.Fuzz(func(t *testing.T, b []byte) { check(t, b) })
}

// FuzzMinimizeKeepsTheSignature: minimizing any small input keeps its
// signature exactly.
func FuzzMinimizeKeepsTheSignature(f *testing.F) {
	check := native.Target(f, "FuzzMinimizeKeepsTheSignature")
	f.Fuzz(func(t *testing.T, in []byte) { check(t, in) })
}
