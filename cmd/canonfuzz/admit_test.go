package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// runCmd runs the command line in process with the given standard input.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// The kind table of the admission scanner, as the command line shows it: the
// exit code, and on refusal exactly one JSON line naming the kind and the
// offset. Offsets are written as the prefix that precedes the fault.
func TestAdmitCommandKinds(t *testing.T) {
	deep := strings.Repeat("[", admit.DefaultMaxDepth) + strings.Repeat("]", admit.DefaultMaxDepth)
	cases := []struct {
		name, prefix, rest string
		args               []string
		kind               admit.Kind // "" means admitted
	}{
		{name: "object", rest: `{"a":[1,2.5,"x",true,null]}`},
		{name: "top-level scalar", rest: `"just a string"`},
		{name: "depth at the cap", rest: deep},
		{name: "syntax: trailing comma", prefix: `[1,`, rest: `]`, kind: admit.Syntax},
		{name: "syntax: empty", kind: admit.Syntax},
		{name: "trailing content", prefix: `{} `, rest: `x`, kind: admit.TrailingContent},
		{name: "duplicate, escaped", prefix: `{"a":1,`, rest: `"\u0061":2}`, kind: admit.DuplicateMember},
		{name: "too deep", prefix: strings.Repeat("[", admit.DefaultMaxDepth), rest: "[" + strings.Repeat("]", admit.DefaultMaxDepth+1), kind: admit.TooDeep},
		{name: "too deep, lowered cap", args: []string{"--max-depth", "2"}, prefix: `[[`, rest: `[]]]`, kind: admit.TooDeep},
		{name: "lone surrogate", prefix: `["`, rest: `\ud800"]`, kind: admit.StringNotScalar},
		{name: "utf-8 surrogate", prefix: `"`, rest: "\xed\xa0\x80\"", kind: admit.StringNotScalar},
		{name: "not finite", prefix: `[`, rest: `-1e400]`, kind: admit.NumberNotFinite},
		{name: "2^53+1 under rfc8785", rest: `9007199254740993`},
		{name: "2^53+1 under ijson", args: []string{"--profile", "ijson"}, prefix: `[`, rest: `9007199254740993]`, kind: admit.UnsafeInteger},
		{name: "noncharacter under rfc8785", rest: `"\uFDD0"`},
		{name: "noncharacter under ijson", args: []string{"--profile", "ijson"}, prefix: `"a`, rest: `\uFFFE"`, kind: admit.Noncharacter},
		{name: "size at the cap", args: []string{"--max-size", "4"}, rest: `[12]`},
		{name: "size past the cap", args: []string{"--max-size", "4"}, prefix: `[123`, rest: `]`, kind: admit.TooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"admit"}, c.args...)
			code, stdout, stderr := runCmd(t, c.prefix+c.rest, args...)
			if c.kind == "" {
				if code != exitOK || stdout != "" {
					t.Fatalf("exit %d, stdout %q, stderr %q; want exit 0 and no output", code, stdout, stderr)
				}
				return
			}
			if code != exitRefused {
				t.Fatalf("exit %d, stderr %q; want %d", code, stderr, exitRefused)
			}
			if got := refusalLine(t, "stdout", stdout); got.Kind != string(c.kind) || got.Offset != int64(len(c.prefix)) || got.Message == "" {
				t.Fatalf("got %+v, want kind %s at offset %d with a message", got, c.kind, len(c.prefix))
			}
		})
	}
}

// Usage and I/O errors exit 2 with a message on stderr and nothing on
// stdout; a cap out of range is refused, not clamped.
func TestAdmitCommandUsageErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	cases := []struct {
		name string
		args []string
	}{
		{"depth past the limit", []string{"--max-depth", "513"}},
		{"depth zero", []string{"--max-depth", "0"}},
		{"size zero", []string{"--max-size", "0"}},
		{"unknown profile", []string{"--profile", "json5"}},
		{"unknown flag", []string{"--strict"}},
		{"unreadable file", []string{missing}},
		{"two files", []string{"a.json", "b.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, `{}`, append([]string{"admit"}, c.args...)...)
			if code != exitUsage || stdout != "" || stderr == "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2, a message, no output", code, stdout, stderr)
			}
		})
	}
	if code, _, _ := runCmd(t, "[]", "admit", "--max-depth", "512"); code != exitOK {
		t.Errorf("--max-depth 512: exit %d, want 0", code)
	}
}

// A file argument and "-" read the same bytes as standard input.
func TestAdmitCommandReadsFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dup.json")
	if err := os.WriteFile(path, []byte(`{"a":1,"a":2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, fromFile, _ := runCmd(t, "", "admit", path)
	code2, fromStdin, _ := runCmd(t, `{"a":1,"a":2}`, "admit", "-")
	if code != exitRefused || code2 != exitRefused || fromFile != fromStdin {
		t.Fatalf("file: exit %d %q; stdin: exit %d %q", code, fromFile, code2, fromStdin)
	}
}

// The command line prints each kind by exactly its contract name.
func TestRefusalLineNamesEveryKind(t *testing.T) {
	for _, k := range admit.Kinds {
		var b bytes.Buffer
		if !printRefusal(&b, &admit.Error{Kind: k, Offset: 3, Detail: "d"}) {
			t.Fatalf("%s: not printed", k)
		}
		want := `{"kind":"` + string(k) + `","offset":3,"message":"d"}` + "\n"
		if b.String() != want {
			t.Errorf("got %q, want %q", b.String(), want)
		}
	}
}
