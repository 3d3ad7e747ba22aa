package jcs

import (
	"bytes"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// cyberphoneDir is where the go command keeps the RFC 8785 author's module,
// whose testdata/input and testdata/output hold the reference cases.
func cyberphoneDir(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/cyberphone/json-canonicalization").Output()
	if err != nil {
		t.Fatalf("go list -m github.com/cyberphone/json-canonicalization: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		t.Fatal("go list gave no directory for github.com/cyberphone/json-canonicalization; run go mod download")
	}
	return dir
}

// TestCyberphoneTestdata canonicalizes every file of the RFC 8785 author's
// testdata/input and compares it byte for byte with testdata/output and
// with the hex bytes of testdata/outhex.
func TestCyberphoneTestdata(t *testing.T) {
	dir := cyberphoneDir(t)
	inputs, err := filepath.Glob(filepath.Join(dir, "testdata", "input", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 6 {
		t.Fatalf("found %d input files in %s/testdata/input, want the 6 shipped", len(inputs), dir)
	}
	for _, in := range inputs {
		name := filepath.Base(in)
		t.Run(name, func(t *testing.T) {
			input, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, "testdata", "output", name))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Canonicalize(input, admit.Options{})
			if err != nil {
				t.Fatalf("Canonicalize: %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Canonicalize(%s)\n got %q\nwant %q", name, got, want)
			}
			hexText, err := os.ReadFile(filepath.Join(dir, "testdata", "outhex", strings.TrimSuffix(name, ".json")+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			wantHex, err := hex.DecodeString(strings.Join(strings.Fields(string(hexText)), ""))
			if err != nil {
				t.Fatalf("outhex/%s: %v", name, err)
			}
			if !bytes.Equal(got, wantHex) {
				t.Errorf("Canonicalize(%s) differs from outhex\n got %x\nwant %x", name, got, wantHex)
			}
			if !IsCanonical(want) {
				t.Errorf("IsCanonical(output/%s) = false", name)
			}
		})
	}
}
