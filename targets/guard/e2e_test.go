package guard

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The real server of the end-to-end test, pinned by testdata/mcp-server's
// package.json and package-lock.json.
const (
	mcpServerDir     = "testdata/mcp-server"
	mcpServerPackage = "@modelcontextprotocol/server-filesystem"
	mcpServerVersion = "2026.8.31"
	mcpServerInstall = "npm ci --prefix targets/guard/testdata/mcp-server --no-audit --no-fund --loglevel=error"
)

// mcpServer returns node and the server's entry point, and fails the test
// (it does not skip) when either is missing or the installed version is not
// the pinned one.
func mcpServer(t *testing.T) (node, entry string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is required for the end-to-end guard test (apt-get install nodejs npm; then %s)", mcpServerInstall)
	}
	pkg := filepath.Join(mcpServerDir, "node_modules", filepath.FromSlash(mcpServerPackage))
	raw, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if err != nil {
		t.Fatalf("%s is not installed (run %s from the repository root): %v", mcpServerPackage, mcpServerInstall, err)
	}
	var meta struct {
		Version string
		Bin     map[string]string
	}
	if err := json.Unmarshal(raw, &meta); err != nil || meta.Version != mcpServerVersion || meta.Bin["mcp-server-filesystem"] == "" {
		t.Fatalf("%s: version %q (%v), want %s; run %s", mcpServerPackage, meta.Version, err, mcpServerVersion, mcpServerInstall)
	}
	entry, err = filepath.Abs(filepath.Join(pkg, meta.Bin["mcp-server-filesystem"]))
	if err != nil {
		t.Fatal(err)
	}
	return node, entry
}

// TestEndToEndFilesystemServer puts the proxy in front of the real MCP
// filesystem server, which is allowed the whole temporary root, under a
// bound that allows read_file below root/inside only. A read inside is
// answered by the server with the file's content; a read of a file that
// exists outside is refused with -32001 and never reaches the server: its
// content is nowhere in the client's output, and the server's own input,
// recorded by tee, holds no trace of the call.
func TestEndToEndFilesystemServer(t *testing.T) {
	node, entry := mcpServer(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	inside, outside := filepath.Join(root, "inside"), filepath.Join(root, "outside")
	insideText, outsideText := "inside content "+time.Now().Format(time.RFC3339Nano), "outside secret "+time.Now().Format(time.RFC3339Nano)
	for dir, text := range map[string]string{inside: insideText, outside: outsideText} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "file.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	received := filepath.Join(t.TempDir(), "received.jsonl")
	policy, err := bound.ParseBound([]byte(`[{"tool":"read_file","args":{"path":{"prefix":` + jsonString(inside+"/") + `}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	var serverErr proctest.Output
	r := launch(t, &Proxy{
		Config:  Config{Component: "e2e-guard", Policy: policy, Absent: Originate},
		Command: "sh",
		// tee records every byte the server reads on its standard input.
		Args:   []string{"-c", `tee -a "$0" | exec "$1" "$2" "$3"`, received, node, entry, root},
		Stderr: &serverErr,
	})
	reply := func(id string) map[string]json.RawMessage {
		t.Helper()
		for {
			var m map[string]json.RawMessage
			line := r.next(t)
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatalf("server line %q: %v", line, err)
			}
			if bytes.Contains(line, []byte(outsideText)) {
				t.Fatalf("the outside file's content reached the client: %s", line)
			}
			if string(m["id"]) == id {
				return m
			}
		}
	}
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"canonfuzz-e2e","version":"1"}}}`)
	if init := reply("1"); !bytes.Contains(init["result"], []byte(`"serverInfo"`)) {
		t.Fatalf("initialize: %s (server stderr %q)", init["result"], serverErr.String())
	}
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	r.send(t, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if list := reply("2"); !bytes.Contains(list["result"], []byte(`"read_file"`)) {
		t.Fatalf("tools/list: %s", list["result"])
	}
	call := func(id, path string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"read_file","arguments":{"path":` + jsonString(path) + `}}}`
	}
	r.send(t, call("3", filepath.Join(inside, "file.txt")))
	in := reply("3")
	var result struct {
		Content []struct{ Type, Text string }
		IsError bool
	}
	if err := json.Unmarshal(in["result"], &result); err != nil || result.IsError || len(result.Content) == 0 || result.Content[0].Text != insideText {
		t.Fatalf("read_file inside the bound: %s %s (%v)", in["result"], in["error"], err)
	}
	for i, path := range []string{filepath.Join(outside, "file.txt"), inside + "/../outside/file.txt"} {
		id := string(rune('4' + i))
		r.send(t, call(id, path))
		out := reply(id)
		var e struct {
			Code    int
			Message string
			Data    struct{ Tool string }
		}
		if err := json.Unmarshal(out["error"], &e); err != nil || e.Code != CodeOutsideBound || !strings.Contains(e.Message, "io.noescalation") || e.Data.Tool != "read_file" {
			t.Fatalf("read_file %s outside the bound: %s %s", path, out["result"], out["error"])
		}
	}
	// A ping after the refusals: its answer proves the server has read
	// everything sent before it, so the record below is complete.
	r.send(t, `{"jsonrpc":"2.0","id":9,"method":"ping"}`)
	reply("9")
	r.in.Close()
	if code, _ := r.wait(t); code != 0 {
		t.Errorf("the server exited %d (stderr %q)", code, serverErr.String())
	}
	got, err := os.ReadFile(received)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte(outside)) || bytes.Contains(got, []byte("/../outside")) || bytes.Contains(got, []byte(`"id":4`)) || bytes.Contains(got, []byte(`"id":5`)) {
		t.Errorf("a refused call reached the server:\n%s", got)
	}
	if !bytes.Contains(got, []byte(`"id":3`)) || !bytes.Contains(got, []byte(ProvenanceKey)) || !bytes.Contains(got, []byte(`"component":"e2e-guard"`)) {
		t.Errorf("the server did not receive the allowed call with its chain:\n%s", got)
	}
	if n := bytes.Count(got, []byte("\n")); n != 5 {
		t.Errorf("the server read %d messages, want 5 (initialize, initialized, tools/list, one call, ping)", n)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
