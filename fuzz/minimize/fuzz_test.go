package minimizefuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzStructureSpans: the JSON stages' reading of any bytes keeps its
// spans inside the input and in order.
func FuzzStructureSpans(f *testing.F) { native.Fuzz(f) }

// FuzzMinimizeKeepsTheSignature: minimizing any small input keeps its
// signature exactly.
func FuzzMinimizeKeepsTheSignature(f *testing.F) { native.Fuzz(f) }
