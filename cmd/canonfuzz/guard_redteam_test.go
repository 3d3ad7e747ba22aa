package main

import (
	"encoding/json"
	"fmt"
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

// The red-team pass (docs/GUARD.md), class "framing", from the client,
// through the command in front of cat (which echoes what reached the
// server): a BOM and a raw NUL are refused (-32700 and -32600: not one
// RFC 8259 text, id null), CRLF line ends, a raw U+2028 and an escaped NUL
// reach the server as one line each, blank and whitespace-only lines are
// skipped unanswered, and a last request without its newline at the end
// of the input is decided and forwarded. No defect: this pins the
// combination at the process, which the Decide tests pin one by one.
func TestGuardCommandClientFraming(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	in := "\xef\xbb\xbf" + `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"s":"a\u0000b"}}` + "\n" +
		"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":{\"s\":\"a\x00b\"}}\n" +
		`{"jsonrpc":"2.0","id":4,"method":"ping"}` + "\r\n" +
		"\n\n   \n\t\r\n\r\n" +
		"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"s\":\"a\u2028b\"}}\r\n" +
		`{"jsonrpc":"2.0","id":6,"method":"ping"}`
	code, out, errOut := runCmd(t, in, "guard", "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate", "--", "cat")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	echoed, answered := map[string]int{}, map[string]string{}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m struct {
			ID     json.RawMessage
			Method string
			Error  *struct{ Code int }
		}
		if strings.ContainsAny(l, "\r\u2028") || json.Unmarshal([]byte(l), &m) != nil {
			t.Fatalf("the client read %q: not one JSON line", l)
		}
		switch {
		case m.Method != "":
			echoed[string(m.ID)]++
		case m.Error != nil && answered[string(m.ID)] == "":
			answered[string(m.ID)] = fmt.Sprint(m.Error.Code)
		case m.Error != nil:
			answered[string(m.ID)] += "," + fmt.Sprint(m.Error.Code)
		}
	}
	if want := map[string]int{"2": 1, "4": 1, "5": 1, "6": 1}; fmt.Sprint(echoed) != fmt.Sprint(want) {
		t.Errorf("the server read %v, want %v", echoed, want)
	}
	// 2, 4, 5, 6: cat echoes requests and never answers them (-32000 at
	// its end); null: the BOM (-32700) and the raw NUL (-32600)
	if want := map[string]string{"2": "-32000", "4": "-32000", "5": "-32000", "6": "-32000", "null": "-32700,-32600"}; fmt.Sprint(answered) != fmt.Sprint(want) {
		t.Errorf("answers %v, want %v", answered, want)
	}
}

// The red-team pass (docs/GUARD.md), class "duplicates", a parser that
// matches names without case (Go's encoding/json into structs): through
// the command, a "Method" the guard would have relayed as a response, an
// "Arguments" beside the arguments it checked and a "PATH" beside the path
// it checked never reach the server; each is answered by its id.
func TestGuardCommandRefusesCaseAliases(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	code, byID, errOut := guardLines(t, []string{
		`{"jsonrpc":"2.0","id":1,"Method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"Arguments":{"path":"/etc/passwd"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a","PATH":"/etc/passwd"}}}`,
	}, "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate")
	if code != 0 || len(byID) != 3 {
		t.Fatalf("exit %d, answers %v: %s", code, byID, errOut)
	}
	for id, want := range map[string]string{"1": `"code":-32600`, "2": `"code":-32602`, "3": `"code":-32602`} {
		if l := byID[id]; !strings.Contains(l, want) || strings.Contains(l, `"method"`) || strings.Contains(l, `"Method"`) {
			t.Errorf("request %s reached the server or was not refused with %s: %s", id, want, l)
		}
	}
}
