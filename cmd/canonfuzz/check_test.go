package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckCommand(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"prov.json":   `{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]}]}`,
		"bad.json":    `{"v":2,"chain":[]}`,
		"in.json":     `{"name":"read_file","arguments":{"path":"/srv/acme/README"}}`,
		"out.json":    `{"name":"read_file","arguments":{"path":"/srv/acme/../../etc/passwd"}}`,
		"dir.json":    `{"name":"read_file","arguments":{"path":"/srv/acme"}}`,
		"tools.json":  `{"tools":[{"name":"read_file","inputSchema":{"properties":{"path":{"type":"string","format":"path"}}}}]}`,
		"broken.json": `{"tools":`,
		// The encoded-separator hardening (findings/spec/canon-encoded-separator.md):
		// an argument byte-identical to its eq operand, which every reading
		// of the text admits and the hardened reading refuses.
		"eqprov.json": `{"v":1,"chain":[{"component":"host","bound":[{"tool":"open","args":{"repo":{"eq":"acme%2Fapp"}}}]}]}`,
		"eqcall.json": `{"name":"open","arguments":{"repo":"acme%2Fapp"}}`,
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, c := range []struct {
		args     []string
		code     int
		decision string
	}{
		{[]string{p("prov.json"), p("in.json")}, 0, "admit"},
		{[]string{p("prov.json"), p("out.json")}, 1, "deny"},
		{[]string{p("bad.json"), p("in.json")}, 1, "deny"},
		{[]string{p("prov.json"), p("dir.json")}, 1, "deny"},
		{[]string{"--tools", p("tools.json"), p("prov.json"), p("dir.json")}, 0, "admit"},
		{[]string{"--tools", p("tools.json"), p("prov.json"), p("out.json")}, 1, "deny"},
		{[]string{p("eqprov.json"), p("eqcall.json")}, 1, "deny"},
		{[]string{"--reading", "hardened", p("eqprov.json"), p("eqcall.json")}, 1, "deny"},
		{[]string{"--reading", "literal", p("eqprov.json"), p("eqcall.json")}, 0, "admit"},
		// With no schema to say the string is a path, the text reads it as a
		// plain string (section 3.2.2 step 2): the ambiguity the guard study
		// counts; with the schema it is a path under every reading.
		{[]string{"--reading", "literal", p("prov.json"), p("out.json")}, 0, "admit"},
		{[]string{"--reading", "literal", "--tools", p("tools.json"), p("prov.json"), p("out.json")}, 1, "deny"},
	} {
		code, out, _ := runCmd(t, "", append([]string{"check"}, c.args...)...)
		var line struct{ Decision, Reason string }
		if code != c.code || strings.Count(out, "\n") != 1 || json.Unmarshal([]byte(out), &line) != nil || line.Decision != c.decision || line.Reason == "" {
			t.Errorf("check %v: %d %q, want %d %s", c.args, code, out, c.code, c.decision)
		}
	}
	for _, args := range [][]string{
		{p("prov.json")},
		{p("prov.json"), p("missing.json")},
		{"--tools", p("broken.json"), p("prov.json"), p("in.json")},
		{"--nope", p("prov.json"), p("in.json")},
		{"--reading", "lenient", p("prov.json"), p("in.json")},
	} {
		if code, out, _ := runCmd(t, "", append([]string{"check"}, args...)...); code != 2 || out != "" {
			t.Errorf("check %v: exit %d %q, want 2 and no output", args, code, out)
		}
	}
}
