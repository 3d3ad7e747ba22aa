package minimize

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func writeFile(t *testing.T, path, data string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadInputFormats(t *testing.T) {
	dir := t.TempDir()
	crasher := writeFile(t, filepath.Join(dir, "5f1c"), `{"a":1,"a":2}`)
	writeFile(t, crasher+".output", "panic: ...\n")
	writeFile(t, crasher+".quoted", `"{\"a\":1,\"a\":2}"`)
	cases := []struct {
		name, path, data, format, want string
	}{
		{"go test fuzz v1, []byte", "gofuzz1", "go test fuzz v1\n[]byte(\"{\\\"a\\\":1,\\\"a\\\":2}\")\nbool(true)\n", FormatGoTestFuzz, `{"a":1,"a":2}`},
		{"go test fuzz v1, string after an int", "gofuzz2", "go test fuzz v1\nint(3)\nstring(\"\\xff\\u00e9\")\n", FormatGoTestFuzz, "\xffé"},
		{"go test fuzz v1, raw literal", "gofuzz3", "go test fuzz v1\n[]byte(`[1,\"x\"]`)\n", FormatGoTestFuzz, `[1,"x"]`},
		{"libFuzzer", "crash-da39a3ee", "\x00[1]", FormatLibFuzzer, "\x00[1]"},
		{"plain", "input.json", `{"a":1}`, FormatPlain, `{"a":1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, filepath.Join(dir, c.path), c.data)
			data, format, err := ReadInput(path)
			if err != nil || format != c.format || string(data) != c.want {
				t.Fatalf("ReadInput = %q, %s, %v; want %q, %s", data, format, err, c.want, c.format)
			}
		})
	}
	for _, path := range []string{crasher, crasher + ".output", crasher + ".quoted"} {
		data, format, err := ReadInput(path)
		if err != nil || format != FormatGoFuzz || string(data) != `{"a":1,"a":2}` {
			t.Errorf("ReadInput(%s) = %q, %s, %v; want the go-fuzz crasher", filepath.Base(path), data, format, err)
		}
	}
}

func TestReadInputRefusesBrokenFailureFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, data string
		line       int
	}{
		{"no values", "go test fuzz v1\n", 0},
		{"only a bool", "go test fuzz v1\nbool(true)\n", 0},
		{"bad literal", "go test fuzz v1\n[]byte(\"unterminated)\n", 2},
		{"not a value", "go test fuzz v1\n[]byte(\"a\")\nhello\n", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ReadInput(writeFile(t, filepath.Join(dir, "f"), c.data))
			var fe *FormatError
			if !errors.Is(err, ErrInputFormat) || !errors.As(err, &fe) || fe.Line != c.line {
				t.Fatalf("err = %v, want a FormatError at line %d", err, c.line)
			}
		})
	}
	if _, _, err := ReadInput(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

// The failure file Go wrote for FuzzCanonicalizeFixedPoint reads as its
// []byte value.
func TestReadInputRealGoFailureFile(t *testing.T) {
	data, format, err := ReadInput("../fuzz/jcs/testdata/fuzz/FuzzCanonicalizeFixedPoint/f340eeac888e3b13")
	if err != nil || format != FormatGoTestFuzz || string(data) != "10000000000000000.1" {
		t.Fatalf("got %q, %s, %v", data, format, err)
	}
}
