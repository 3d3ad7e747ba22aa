package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestMeetCommand(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"host.json":    `[{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}},{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]`,
		"planner.json": `[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]`,
		"bad.json":     `[{"tool":"t","args":{"a":{"regex":"x"}}}]`,
		"dup.json":     `[{"tool":"t","tool":"u"}]`,
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	code, out, errOut := runCmd(t, "", "meet", p("host.json"), p("planner.json"))
	if code != 0 || out != `[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]`+"\n" || errOut != "" {
		t.Errorf("meet: %d %q %q", code, out, errOut)
	}
	for _, bad := range []string{"bad.json", "dup.json"} {
		code, out, errOut = runCmd(t, "", "meet", p("host.json"), p(bad))
		var line map[string]string
		if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || json.Unmarshal([]byte(errOut), &line) != nil || line["error"] != "malformed" {
			t.Errorf("%s: %d %q %q", bad, code, out, errOut)
		}
	}
	if code, _, _ := runCmd(t, "", "meet", p("host.json")); code != 2 {
		t.Errorf("one file: exit %d", code)
	}
	if code, _, _ := runCmd(t, "", "meet", p("host.json"), p("missing.json")); code != 2 {
		t.Errorf("missing file: exit %d", code)
	}
}

// With --tools naming path arguments, a trailing separator on a prefix is a
// directory boundary, and the meet with a sibling is empty; the output is
// itself a bound the command reads back.
func TestMeetCommandTools(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.json":     `[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]`,
		"b.json":     `[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme-secrets"}}},{"tool":"read_file","args":{"path":{"glob":"/srv/acme/**"}}}]`,
		"tools.json": `{"tools":[{"name":"read_file","inputSchema":{"properties":{"path":{"type":"string","format":"path"}}}}]}`,
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	code, out, errOut := runCmd(t, "", "meet", "--tools", p("tools.json"), p("a.json"), p("b.json"))
	want := `[{"tool":"read_file","args":{"path":{"glob":"/srv/acme/**"}}}]` + "\n"
	if code != 0 || out != want {
		t.Fatalf("meet --tools: %d %q %q", code, out, errOut)
	}
	again := writeFiles(t, map[string]string{"m.json": out})
	code, out2, _ := runCmd(t, "", "meet", "--tools", p("tools.json"), filepath.Join(again, "m.json"), filepath.Join(again, "m.json"))
	if code != 0 || out2 != out {
		t.Errorf("meet of the result with itself: %d %q", code, out2)
	}
}
