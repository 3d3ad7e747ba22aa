package gofuzz

import (
	"bytes"
	"os"
	"testing"
)

// TestEntryPointsFileIsGenerated: fuzz.go declares exactly the entry
// points the registry's spec files ask for (GoFuzz), as
// `go generate ./fuzz/gofuzz` writes it, so that adding one is a line of a
// spec file and a regeneration, never a hand-written entry.
func TestEntryPointsFileIsGenerated(t *testing.T) {
	got, err := os.ReadFile("fuzz.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := EntryPointsSource(); !bytes.Equal(got, want) {
		t.Errorf("fuzz.go is not what the registry generates (run go generate ./fuzz/gofuzz):\n%s", want)
	}
	if len(EntryPoints()) == 0 {
		t.Error("no entry points: the registry sets GoFuzz on none")
	}
}
