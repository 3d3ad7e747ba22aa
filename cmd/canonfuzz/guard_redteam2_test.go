package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Red-team pass 2 (docs/GUARD.md), class "hostile configuration": a policy
// file that is empty, blank, has duplicate members (also escaped), invalid
// UTF-8, a BOM, content after it, an unknown member, a glob past the
// operand limit, or is not an array; an unknown flag; a message cap that
// is negative or overflows int64; a server that is not executable or is a
// directory. Each is refused with a message and exit status 2 before the
// server starts (it would leave a file behind): the guard never relays
// under a policy it half read. The first case, a good policy, shows the
// server's file appears when it does start. No defect: the rows
// TestGuardCommandUsage does not have, with the server's start checked.
func TestGuardCommandRefusesHostileConfigurationBeforeTheServer(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"policy.json":   guardPolicy,
		"empty.json":    "",
		"blank.json":    " \n\t",
		"dup.json":      `[{"tool":"read_file","tool":"write_file"}]`,
		"dupesc.json":   `[{"tool":"read_file","t\u006fol":"write_file"}]`,
		"badutf8.json":  "[{\"tool\":\"read_\xff\"}]",
		"bom.json":      "\xef\xbb\xbf" + guardPolicy,
		"trailing.json": guardPolicy + " []",
		"unknown.json":  `[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}},"allow":"*"}]`,
		"hugeglob.json": `[{"tool":"read_file","args":{"path":{"glob":"` + strings.Repeat("*a", 50_000) + `"}}}]`,
		"object.json":   `{"tool":"read_file"}`,
		"null.json":     `null`,
		"notexec":       "#!/bin/sh\ncat\n",
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	marker := p("started")
	server := []string{"sh", "-c", "touch " + marker + "; cat"}
	std := func(policy string, extra ...string) []string {
		return append(append([]string{"guard", "--policy", p(policy), "--component", "cli", "--absent", "originate"}, extra...), "--")
	}
	for _, c := range []struct {
		name   string
		args   []string
		server []string
	}{
		{"a good policy (the server starts)", std("policy.json"), server},
		{"empty", std("empty.json"), server},
		{"blank", std("blank.json"), server},
		{"duplicate member", std("dup.json"), server},
		{"duplicate member, escaped", std("dupesc.json"), server},
		{"invalid UTF-8", std("badutf8.json"), server},
		{"BOM", std("bom.json"), server},
		{"content after it", std("trailing.json"), server},
		{"unknown member", std("unknown.json"), server},
		{"glob past the operand limit", std("hugeglob.json"), server},
		{"an object", std("object.json"), server},
		{"null", std("null.json"), server},
		{"unknown flag", std("policy.json", "--max-inflight", "9"), server},
		{"--max-message negative", std("policy.json", "--max-message", "-1"), server},
		{"--max-message past int64", std("policy.json", "--max-message", "99999999999999999999"), server},
		{"server not executable", std("policy.json"), []string{p("notexec")}},
		{"server a directory", std("policy.json"), []string{dir}},
	} {
		os.Remove(marker)
		code, _, errOut := runCmd(t, guardPing+"\n", append(c.args, c.server...)...)
		_, err := os.Stat(marker)
		started := err == nil
		if c.name == "a good policy (the server starts)" {
			if code != 0 || !started {
				t.Fatalf("%s: exit %d, started %v: %s", c.name, code, started, errOut)
			}
			continue
		}
		if code != exitUsage || started || !strings.Contains(errOut, "canonfuzz guard: ") {
			t.Errorf("%s: exit %d (want %d), the server started %v, stderr %q", c.name, code, exitUsage, started, errOut)
		}
	}
}

// Red-team pass 2, class "hurried users": the guard started with its
// standard input closed (<&-) reads it as ended (Go's runtime opens
// /dev/null on a closed 0, 1 or 2), ends the session as when the client
// leaves and exits 0 with the server's 0; with its standard output or
// error closed (>&-, 2>&-) the answers or the log go nowhere and the guard
// still ends the session and exits 0. Through a real guard process; no
// defect.
func TestGuardProcessWithAStandardStreamClosed(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy, "in": guardPing + "\n"})
	for _, redirect := range []string{"<&-", "< \"$2\" >&-", "< \"$2\" 2>&-"} {
		cmd := exec.Command("sh", "-c", `exec "$0" guard --policy "$1" --component cli --absent originate --grace 1s -- cat `+redirect,
			os.Args[0], filepath.Join(dir, "policy.json"), filepath.Join(dir, "in"))
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v: %s", redirect, err, out)
		}
	}
}

// Red-team pass 2, class "back-pressure: requests in flight", through the
// command: --max-in-flight 1 in front of a server that reads and never
// answers; the second request is answered -32000 at once, by its id and
// not forwarded, the first -32000 when the server's output ends. Before
// the bound there was no such flag and no such answer.
func TestGuardCommandMaxInFlight(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	code, out, errOut := runCmd(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"+`{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n",
		"guard", "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate",
		"--max-in-flight", "1", "--grace", "1s", "--", "sh", "-c", "cat >/dev/null")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"jsonrpc":"2.0","id":2,"error":{"code":-32000,`) || !strings.Contains(lines[0], "in flight") ||
		!strings.HasPrefix(lines[1], `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,`) {
		t.Errorf("the client read %q, want -32000 to 2 (in flight) then to 1", lines)
	}
}

// Red-team pass 2, class "hurried users": the server named without "--"
// before it is the server all the same (the flags end at the first operand),
// and a flag after the server's name is the server's, not the guard's.
func TestGuardCommandServerWithoutDashDash(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	code, out, errOut := runCmd(t, guardPing+"\n", "guard", "--policy", filepath.Join(dir, "policy.json"), "--component", "cli",
		"--absent", "originate", "sh", "-c", `read l; printf '%s\n' '{"jsonrpc":"2.0","id":4,"result":{"args":"'"$0"'"}}'`, "--max-message")
	if code != 0 || out != `{"jsonrpc":"2.0","id":4,"result":{"args":"--max-message"}}`+"\n" {
		t.Errorf("exit %d, the client read %q: %s", code, out, errOut)
	}
}
