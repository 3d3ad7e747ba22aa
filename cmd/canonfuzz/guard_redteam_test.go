package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The red-team pass (docs/GUARD.md, "Red-team pass (2026-12-06)"), class "ids", through the
// command: a request refused for a duplicate argument is answered with its
// own id, a refused notification (a duplicate member, a tools/call
// without an id) gets no answer, and a request whose id is read two ways
// (two id members) is answered with id null. Before the fix the first was
// answered with id null and the two notifications each got an answer.
func TestGuardCommandAnswersRefusalsByID(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	code, byID, errOut := guardLines(t, []string{
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a","path":"/etc/passwd"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1,"progress":2}}`,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
		guardPing,
	}, "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if l := byID["9"]; !strings.Contains(l, `"code":-32600`) {
		t.Errorf("the refused request 9: %q", l)
	}
	if l, ok := byID["null"]; ok {
		t.Errorf("an answer with id null (to a notification): %s", l)
	}
	if len(byID) != 2 {
		t.Errorf("%d ids answered, want 9 and 4: %v", len(byID), byID)
	}
	if n := strings.Count(errOut, "refused a notification"); n != 2 {
		t.Errorf("%d notifications logged as refused, want 2: %s", n, errOut)
	}

	_, byID, _ = guardLines(t, []string{
		`{"jsonrpc":"2.0","id":7,"id":8,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`,
	}, "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate")
	if l := byID["null"]; !strings.Contains(l, `"code":-32600`) || len(byID) != 1 {
		t.Errorf("two ids: %v, want one answer with id null", byID)
	}
}
