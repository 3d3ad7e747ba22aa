package testdocs

import (
	"encoding/json"
	"testing"
)

// Every shape must be valid JSON of at least the size asked for, and
// deterministic, or the benchmarks measure something else.
func TestGenerateIsValidAndDeterministic(t *testing.T) {
	for _, shape := range Shapes {
		a := MustGenerate(shape, 64<<10)
		b := MustGenerate(shape, 64<<10)
		if len(a) < 64<<10 {
			t.Errorf("%s: %d bytes, want at least %d", shape, len(a), 64<<10)
		}
		if string(a) != string(b) {
			t.Errorf("%s: two calls gave different documents", shape)
		}
		if !json.Valid(a) {
			t.Errorf("%s: not valid JSON", shape)
		}
	}
	if _, err := Generate("nope", 10); err == nil {
		t.Error("unknown shape: no error")
	}
	if !json.Valid(FlatArray(1 << 16)) {
		t.Error("FlatArray: not valid JSON")
	}
}
