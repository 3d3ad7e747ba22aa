package installed

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// rfcTestData is the directory of the RFC 8785 test data that ships in the
// cyberphone module, found through go list so that it is the version go.mod
// pins.
func rfcTestData(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/cyberphone/json-canonicalization").Output()
	if err != nil {
		t.Fatalf("go list -m github.com/cyberphone/json-canonicalization: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "testdata")
}

// TestEveryOracleReproducesTheRFCTestData runs every oracle over the RFC
// author's input/output pairs and requires the output byte for byte: an
// oracle that fails here is no reference.
func TestEveryOracleReproducesTheRFCTestData(t *testing.T) {
	dir := rfcTestData(t)
	inputs, err := filepath.Glob(filepath.Join(dir, "input", "*.json"))
	if err != nil || len(inputs) < 6 {
		t.Fatalf("RFC test data in %s: %d inputs, %v; want at least 6", dir, len(inputs), err)
	}
	all, err := Open()
	t.Cleanup(func() { _ = CloseAll(all) })
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range inputs {
		input, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(dir, "output", filepath.Base(in)))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range all {
			got, err := o.Canonicalize(input)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s on %s, input %q:\n got %q, %v\nwant %q", oracle.Label(o), filepath.Base(in), input, got, err, want)
			}
		}
	}
}
