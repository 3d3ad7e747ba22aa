package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

const (
	guardPolicy  = `[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]`
	guardInside  = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/README"}}}`
	guardOutside = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
	guardDir     = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme"}}}`
	guardPing    = `{"jsonrpc":"2.0","id":4,"method":"ping"}`
)

// guardLines runs `canonfuzz guard ARGS -- cat`: cat echoes what the server
// receives, so stdout is what reached it plus the guard's own answers.
func guardLines(t *testing.T, input []string, args ...string) (int, map[string]string, string) {
	t.Helper()
	args = append(append([]string{"guard"}, args...), "--", "cat")
	code, out, errOut := runCmd(t, strings.Join(input, "\n")+"\n", args...)
	byID := map[string]string{}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m struct{ ID json.RawMessage }
		if l == "" || json.Unmarshal([]byte(l), &m) != nil {
			t.Fatalf("output line %q", l)
		}
		// the first answer per id: cat echoes a request, which is no
		// answer, so the guard answers it (-32000) when cat's output ends
		if _, ok := byID[string(m.ID)]; !ok {
			byID[string(m.ID)] = l
		}
	}
	return code, byID, errOut
}

func TestGuardCommand(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"policy.json": guardPolicy,
		"tools.json":  `{"tools":[{"name":"read_file","inputSchema":{"properties":{"path":{"type":"string","format":"path"}}}}]}`,
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	code, byID, errOut := guardLines(t, []string{guardInside, guardOutside, guardDir, guardPing},
		"--policy", p("policy.json"), "--component", "cli", "--absent", "originate")
	if code != 0 || len(byID) != 4 {
		t.Fatalf("exit %d, %d lines, stderr %q", code, len(byID), errOut)
	}
	if l := byID["1"]; !strings.Contains(l, `"method":"tools/call"`) || !strings.Contains(l, `"component":"cli"`) {
		t.Errorf("inside call: %s", l)
	}
	for _, id := range []string{"2", "3"} {
		if l := byID[id]; !strings.Contains(l, `"code":-32001`) || strings.Contains(l, `"method"`) {
			t.Errorf("call %s reached the server or was not refused: %s", id, l)
		}
	}
	if byID["4"] != guardPing {
		t.Errorf("ping not relayed byte for byte: %s", byID["4"])
	}
	if !strings.Contains(errOut, "refused id 2") {
		t.Errorf("no log line for the refusal: %q", errOut)
	}

	// --tools makes path a path: /srv/acme is then inside /srv/acme/.
	_, byID, _ = guardLines(t, []string{guardDir}, "--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--tools", p("tools.json"))
	if l := byID["3"]; !strings.Contains(l, `"method":"tools/call"`) {
		t.Errorf("with --tools: %s", l)
	}

	// reject: a call without provenance is a violation.
	_, byID, _ = guardLines(t, []string{guardInside}, "--policy", p("policy.json"), "--component", "cli", "--absent", "reject")
	if l := byID["1"]; !strings.Contains(l, `"code":-32001`) {
		t.Errorf("--absent reject: %s", l)
	}

	// --audit: the violation is forwarded and one line appended.
	audit := p("audit.jsonl")
	_, byID, _ = guardLines(t, []string{guardInside, guardOutside}, "--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--audit", audit)
	if l := byID["2"]; !strings.Contains(l, `"method":"tools/call"`) {
		t.Errorf("audit mode did not forward: %s", l)
	}
	b, err := os.ReadFile(audit)
	if err != nil || strings.Count(string(b), "\n") != 1 || !strings.Contains(string(b), `"tool":"read_file"`) || !strings.Contains(string(b), `"forwarded":true`) {
		t.Errorf("audit file %q (%v)", b, err)
	}
}

// The guard's exit status keeps its own meaning: a server that fails, with
// any status (1 and 2 among them, "refused" and "usage" in this command
// line), is ExitServerFailed, and its status is logged; a server that
// exits 0 is 0.
func TestGuardCommandServerStatus(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	for server, want := range map[int]int{0: guard.ExitClean, 1: guard.ExitServerFailed, 2: guard.ExitServerFailed, 7: guard.ExitServerFailed} {
		code, _, errOut := runCmd(t, guardPing+"\n", "guard", "--policy", filepath.Join(dir, "policy.json"),
			"--component", "cli", "--absent", "originate", "--", "sh", "-c", fmt.Sprintf("read line; exit %d", server))
		if code != want || !strings.Contains(errOut, fmt.Sprintf("the server exited with status %d", server)) {
			t.Errorf("server exit %d: guard exit %d, want %d (stderr %q)", server, code, want, errOut)
		}
	}
	if code, out, _ := runCmd(t, "", "guard", "--help"); code != 0 || !strings.Contains(out, "exit status:") || !strings.Contains(out, "128+N") {
		t.Errorf("--help: exit %d, does not document the exit statuses on stdout: %q", code, out)
	}
}

func TestGuardCommandUsage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy, "bad.json": `[{"tool":"t","args":{"a":{"regex":"x"}}}]`,
		"big.json": "[" + strings.Repeat(" ", admit.DefaultMaxSize) + "]"})
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, args := range [][]string{
		{"--policy", p("policy.json"), "--component", "cli", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "allow", "--", "cat"},
		{"--component", "cli", "--absent", "originate", "--", "cat"},
		{"--policy", p("policy.json"), "--absent", "originate", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate"},
		{"--policy", p("bad.json"), "--component", "cli", "--absent", "originate", "--", "cat"},
		{"--policy", p("missing.json"), "--component", "cli", "--absent", "originate", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--tools", p("bad.json"), "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--", filepath.Join(dir, "no-such-server")},
		{"--nope"},
		// standard input is the transport: never read as a policy or
		// tools file, never written as the audit log
		{"--policy", "-", "--component", "cli", "--absent", "originate", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--tools", "-", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--audit", "-", "--", "cat"},
		// the caps and the grace
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--max-message", "0", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--max-message", "20971521", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--max-server-line", "0", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--max-server-line", "17179869184", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--grace", "0s", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--grace", "-1s", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--max-in-flight", "0", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--max-in-flight", "16777217", "--", "cat"},
		// a policy or tools file over the cap is refused after the cap
		{"--policy", p("big.json"), "--component", "cli", "--absent", "originate", "--", "cat"},
		{"--policy", p("policy.json"), "--component", "cli", "--absent", "originate", "--tools", p("big.json"), "--", "cat"},
	} {
		code, out, errOut := runCmd(t, guardPing+"\n", append([]string{"guard"}, args...)...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("guard %v: exit %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
	if _, _, errOut := runCmd(t, "", "guard", "--policy", p("policy.json"), "--component", "cli", "--", "cat"); !strings.Contains(errOut, "--absent") {
		t.Errorf("a missing --absent does not say so: %q", errOut)
	}
}

// A policy named by a path to the guard's own standard input (/dev/stdin
// when it is a pipe) is refused like "-": it would read the client's
// messages.
func TestGuardCommandPolicyIsNotStdin(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	var out, errOut strings.Builder
	for _, args := range [][]string{
		{"--policy", "/dev/stdin", "--component", "cli", "--absent", "originate", "--", "cat"},
		{"--policy", filepath.Join(dir, "policy.json"), "--tools", fmt.Sprintf("/proc/self/fd/%d", r.Fd()), "--component", "cli", "--absent", "originate", "--", "cat"},
	} {
		errOut.Reset()
		stdin := r
		if args[1] == "/dev/stdin" {
			// /dev/stdin is the test's own standard input: compare with it
			stdin = os.Stdin
		}
		code := run(append([]string{"guard"}, args...), stdin, &out, &errOut)
		if code != exitUsage || !strings.Contains(errOut.String(), "transport") {
			fi, _ := os.Stdin.Stat()
			t.Errorf("guard %v (stdin %v): exit %d, %q; want 2 and the transport named", args, fi.Mode(), code, errOut.String())
		}
	}
}
