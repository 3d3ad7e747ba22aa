package matrix

import (
	"bytes"
	"slices"
	"testing"
)

// TestGenerateIsLabelledDeterministicAndLarge: over a thousand inputs, each
// category present, IDs unique, the same bytes for the same seed and other
// bytes for another seed.
func TestGenerateIsLabelledDeterministicAndLarge(t *testing.T) {
	a, b := Generate(DefaultSeed), Generate(DefaultSeed)
	if len(a) < 1000 {
		t.Fatalf("%d inputs, want at least 1000", len(a))
	}
	per := map[string]int{}
	ids := map[string]bool{}
	for i, in := range a {
		if in.ID != b[i].ID || !bytes.Equal(in.Bytes, b[i].Bytes) {
			t.Fatalf("input %d differs between two runs of one seed: %s", i, in.ID)
		}
		if ids[in.ID] {
			t.Fatalf("ID %s twice", in.ID)
		}
		ids[in.ID] = true
		per[in.Category]++
	}
	for _, cat := range Categories {
		if per[cat] < 10 {
			t.Errorf("category %s has %d inputs, want at least 10", cat, per[cat])
		}
	}
	for cat := range per {
		if !slices.Contains(Categories, cat) {
			t.Errorf("input of unlisted category %s", cat)
		}
	}
	other := Generate(DefaultSeed + 1)
	same := 0
	for i := range min(len(other), len(a)) {
		if bytes.Equal(other[i].Bytes, a[i].Bytes) {
			same++
		}
	}
	if same == len(a) {
		t.Error("another seed gave the same corpus")
	}
}

func TestReadCorpus(t *testing.T) {
	if _, err := ReadCorpus(t.TempDir()); err == nil {
		t.Error("an empty folder was read as a corpus")
	}
	ins, err := ReadCorpus("testdata/corpus")
	if err != nil || len(ins) == 0 || ins[0].Category != "corpus:corpus" {
		t.Fatalf("ReadCorpus: %v %v", ins, err)
	}
}
