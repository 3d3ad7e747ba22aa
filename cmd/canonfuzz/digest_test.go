package main

import (
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
	for _, c := range []struct {
		name, prefix, rest, kind string
		args                     []string
	}{
		{name: "duplicate argument", prefix: `{"method":"tools/call","name":"read_file","arguments":{"a":1,`, rest: `"a":2}}`, kind: "DuplicateMember"},
		{name: "2^53 under ijson", args: []string{"--profile", "ijson"}, prefix: `{"method":"tools/call","name":"read_file","arguments":{"id":`, rest: `9007199254740992}}`, kind: "UnsafeInteger"},
		{name: "not tools/call", prefix: `{"jsonrpc":"2.0","id":1,"method":`, rest: `"tools/list","params":{}}`, kind: "NotToolsCall"},
		{name: "no arguments", prefix: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`, rest: `{"name":"x"}}`, kind: "MissingMember"},
		{name: "not an object", rest: `[1]`, kind: "NotObject"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, c.prefix+c.rest, append([]string{"digest"}, c.args...)...)
			if code != exitRefused || stdout != "" {
				t.Fatalf("exit %d, stdout %q; want exit 1 and no output", code, stdout)
			}
			if r := refusalLine(t, stderr); r.Kind != c.kind || r.Offset != int64(len(c.prefix)) {
				t.Fatalf("refusal %+v; want %s at %d", r, c.kind, len(c.prefix))
			}
		})
	}
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
