package testdocs

import (
	"encoding/json"
	"math/rand/v2"
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

// Buried holds its core at the depth asked, between filler of at least the
// size asked on each side, is valid JSON when the core is, and is the same
// for the same generator state.
func TestBuried(t *testing.T) {
	doc := Buried(`{"core":1}`, 4096, 5, rand.New(rand.NewPCG(1, 2)))
	again := Buried(`{"core":1}`, 4096, 5, rand.New(rand.NewPCG(1, 2)))
	if string(doc) != string(again) {
		t.Error("two documents from one seed differ")
	}
	if !json.Valid(doc) || len(doc) < 2*4096 {
		t.Fatalf("%d bytes, valid %v", len(doc), json.Valid(doc))
	}
	var v struct {
		Path json.RawMessage `json:"path"`
	}
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	// The core is the last element of the "down" array of the fifth level.
	cur := v.Path
	for d := 0; d < 5; d++ {
		var level struct {
			Down []json.RawMessage `json:"down"`
		}
		if err := json.Unmarshal(cur, &level); err != nil || len(level.Down) != 2 {
			t.Fatalf("level %d: %v, %d elements", d, err, len(level.Down))
		}
		cur = level.Down[1]
	}
	if string(cur) != `{"core":1}` {
		t.Errorf("at depth 5: %s, want the core", cur)
	}
}
