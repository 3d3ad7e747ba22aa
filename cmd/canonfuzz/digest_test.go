package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDigestCommand(t *testing.T) {
	const want = "YjstGNj29uUnlN3Q0foQIAG1F_jZmCgbrUiOFaIAUA4\n" // seed 000, "single key {a:2}"
	for _, input := range []string{
		`{"method":"tools/call","name":"read_file","arguments":{"a":2}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"a":2.0}}}`,
	} {
		for _, args := range [][]string{{"digest"}, {"digest", "--profile", "ijson"}, {"digest", "-"}} {
			code, stdout, stderr := runCmd(t, input, args...)
			if code != exitOK || stdout != want || stderr != "" {
				t.Errorf("%q on %s: exit %d, stdout %q, stderr %q; want %q", args, input, code, stdout, stderr, want)
			}
		}
	}
}

func TestDigestCommandRefuses(t *testing.T) {
	checkRefusals(t, "digest", []refusalCase{
		{name: "duplicate argument", prefix: `{"method":"tools/call","name":"read_file","arguments":{"a":1,`, rest: `"a":2}}`, kind: "DuplicateMember"},
		{name: "2^53 under ijson", args: []string{"--profile", "ijson"}, prefix: `{"method":"tools/call","name":"read_file","arguments":{"id":`, rest: `9007199254740992}}`, kind: "UnsafeInteger"},
		{name: "not tools/call", prefix: `{"jsonrpc":"2.0","id":1,"method":`, rest: `"tools/list","params":{}}`, kind: "NotToolsCall"},
		{name: "no arguments", prefix: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`, rest: `{"name":"x"}}`, kind: "MissingMember"},
		{name: "not an object", rest: `[1]`, kind: "NotObject"},
	})
}

func TestDigestCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"digest", "a.json", "b.json"},
		{"digest", "--profile", "strict"},
		{"digest", "/nonexistent/request.json"},
	} {
		if code, stdout, stderr := runCmd(t, `{}`, args...); code != exitUsage || stdout != "" || stderr == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and a message", args, code, stdout, stderr)
		}
	}
}

// TestDigestCommandSeedVectors runs the 13 vectors of seed 000 (kept with
// targets/digest) through `canonfuzz digest` under both profiles: the
// digest and a newline, or exit 1 and the refusal kind.
func TestDigestCommandSeedVectors(t *testing.T) {
	files, err := filepath.Glob("../../targets/digest/testdata/seed000/*.txt")
	if err != nil || len(files) != 13 {
		t.Fatalf("found %d seed vectors, want 13: %v", len(files), err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		header, arguments, _ := strings.Cut(string(b), "\n\n")
		want := map[string]string{}
		for _, line := range strings.Split(header, "\n") {
			key, value, _ := strings.Cut(line, ": ")
			want[key] = value
		}
		request := `{"method":"tools/call","name":"read_file","arguments":` + strings.TrimSuffix(arguments, "\n") + `}`
		for _, profile := range []string{"rfc8785", "ijson"} {
			code, stdout, stderr := runCmd(t, request, "digest", "--profile", profile)
			expect := want[profile]
			switch {
			case expect == "":
				t.Fatalf("%s: no %s expectation", file, profile)
			case len(expect) == 43: // a digest: 32 bytes in unpadded base64url
				if code != exitOK || stdout != expect+"\n" {
					t.Errorf("%s, %s: exit %d, stdout %q, stderr %q; want %s", filepath.Base(file), profile, code, stdout, stderr, expect)
				}
			default:
				if code != exitRefused || refusalLine(t, "stderr", stderr).Kind != expect {
					t.Errorf("%s, %s: exit %d, stderr %q; want refusal %s", filepath.Base(file), profile, code, stderr, expect)
				}
			}
		}
	}
}
