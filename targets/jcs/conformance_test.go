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

// TestRFC8785Examples runs the two worked examples of RFC 8785 itself,
// independent of any implementation's test data: the sorting example of
// section 3.2.3 and the complete example of section 3.2.4.
func TestRFC8785Examples(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"section 3.2.3", `{
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
}`, "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"\u00f6\":\"Latin Small Letter O With Diaeresis\"," +
			"\"\u20ac\":\"Euro Sign\",\"\U0001F600\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}"},
		{"section 3.2.4", `{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`, `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`},
	} {
		got, err := Canonicalize([]byte(c.in), admit.Options{})
		if err != nil || string(got) != c.want {
			t.Errorf("%s: Canonicalize = %s, %v\nwant %s", c.name, got, err, c.want)
		}
	}
}
