package modroot

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestFind: from this package, from a nested module of the repository (a
// go.mod of another module is passed over), and from outside the module.
func TestFind(t *testing.T) {
	want, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Find(); err != nil || got != want {
		t.Fatalf("Find() from internal/modroot = %q, %v; want %q", got, err, want)
	}
	t.Chdir(filepath.Join(want, "fuzz", "oracle", "gowebpki101"))
	if _, err := os.Stat("go.mod"); err != nil {
		t.Fatalf("the nested module this test needs: %v", err)
	}
	if got, err := Find(); err != nil || got != want {
		t.Errorf("Find() from a nested module = %q, %v; want %q", got, err, want)
	}
	t.Chdir(t.TempDir())
	if got, err := Find(); !errors.Is(err, ErrOutside) {
		t.Errorf("Find() outside the module = %q, %v; want ErrOutside", got, err)
	}
}
