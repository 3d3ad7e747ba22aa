package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// refusalLine decodes the one JSON line a refused input leaves on stream
// (stderr, or admit's stdout), with no member a refusal lacks.
func refusalLine(t *testing.T, stream, out string) refusal {
	t.Helper()
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Fatalf("%s %q is not one line", stream, out)
	}
	var r refusal
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%s %q: %v", stream, out, err)
	}
	return r
}

func TestCanonCommand(t *testing.T) {
	for _, c := range []struct {
		name, input string
		args        []string
		want        string
	}{
		{name: "reorders and trims", input: "{\"b\": 1,\n \"a\": [1.0, \"\\u00e9\"]}\n", want: `{"a":[1,"é"],"b":1}`},
		{name: "emoji key first", input: `{"\uE000":2,"😀":1}`, want: "{\"😀\":1,\"\uE000\":2}"},
		{name: "numbers", input: `[1e21,1e-7,-0,0.000001]`, want: `[1e+21,1e-7,0,0.000001]`},
		{name: "2^53+1 under rfc8785 rounds", input: `9007199254740993`, want: `9007199254740992`},
		{name: "explicit profile", args: []string{"--profile", "rfc8785"}, input: `{"a":1}`, want: `{"a":1}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, c.input, append([]string{"canon"}, c.args...)...)
			if code != exitOK || stdout != c.want || stderr != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 0 and %q", code, stdout, stderr, c.want)
			}
		})
	}
}

func TestCanonCommandRefuses(t *testing.T) {
	checkRefusals(t, "canon", []refusalCase{
		{name: "duplicate", prefix: `{"a":1,`, rest: `"a":2}`, kind: "DuplicateMember"},
		{name: "syntax", prefix: `[1,`, rest: `]`, kind: "Syntax"},
		{name: "2^53+1 under ijson", args: []string{"--profile", "ijson"}, prefix: `[`, rest: `9007199254740993]`, kind: "UnsafeInteger"},
		{name: "lone surrogate", prefix: `"`, rest: `\udc00"`, kind: "StringNotScalar"},
		{name: "past --max-size", args: []string{"--max-size", "8"}, prefix: `[1,2,3,4`, rest: `,5]`, kind: "TooLarge"},
		{name: "past --max-depth", args: []string{"--max-depth", "1"}, prefix: `[`, rest: `[]]`, kind: "TooDeep"},
	})
}

// refusalCase is an input prefix+rest that a command run with args
// refuses with kind at offset len(prefix).
type refusalCase struct {
	name, prefix, rest, kind string
	args                     []string
}

// checkRefusals runs command on each case: exit 1, nothing on stdout, and
// on stderr the one refusal line with the case's kind and offset.
func checkRefusals(t *testing.T, command string, cases []refusalCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, c.prefix+c.rest, append([]string{command}, c.args...)...)
			if code != exitRefused || stdout != "" {
				t.Fatalf("exit %d, stdout %q; want exit 1 and no output", code, stdout)
			}
			if r := refusalLine(t, "stderr", stderr); r.Kind != c.kind || r.Offset != int64(len(c.prefix)) {
				t.Fatalf("refusal %+v; want %s at %d", r, c.kind, len(c.prefix))
			}
		})
	}
}

func TestCanonCommandFileAndUsage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(file, []byte(`{"z":0,"y":1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := runCmd(t, "ignored", "canon", file); code != exitOK || stdout != `{"y":1,"z":0}` {
		t.Errorf("canon FILE: exit %d, stdout %q", code, stdout)
	}
	if code, stdout, _ := runCmd(t, `[true]`, "canon", "-"); code != exitOK || stdout != `[true]` {
		t.Errorf("canon -: exit %d, stdout %q", code, stdout)
	}
	for _, args := range [][]string{
		{"canon", filepath.Join(t.TempDir(), "missing.json")},
		{"canon", "a.json", "b.json"},
		{"canon", "--profile", "json5"},
		{"canon", "--no-such-flag"},
	} {
		if code, stdout, stderr := runCmd(t, `{}`, args...); code != exitUsage || stdout != "" || stderr == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and a message", args, code, stdout, stderr)
		}
	}
}
