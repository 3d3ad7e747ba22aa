package guard

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The framing bypass of issue 9, end to end: a tools/call smuggled between
// line ends inside a message the guard relays (a notification, a response,
// a request that is not a call), in front of two real line readers that
// split on more than LF: a Python server reading in universal-newline text
// mode, as the MCP Python SDK's stdio transport does (and splitting each
// line again with str.splitlines), and a Node readline server. Each server
// logs every line it reads; no logged line may be a tools/call the guard
// did not forward, and each message the guard relays is one line.

// smuggledCalls are the calls hidden inside carriers: outside the bound,
// and inside it (a call inside the bound that bypassed the guard still
// carries no hop of this guard's, so it must not run either).
var smuggledCalls = []string{
	`{"jsonrpc":"2.0","id":"smuggled-out","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
	`{"jsonrpc":"2.0","id":"smuggled-in","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/x"}}}`,
}

// smuggleCarriers wrap a call between two line ends as JSON whitespace
// (CR, CRLF) or, for the readers of str.splitlines, after a raw line
// separator inside a string, in every message kind the guard relays.
func smuggleCarriers(call string) []string {
	var out []string
	for _, end := range []string{"\r", "\r\r"} {
		out = append(out,
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":`+end+call+end+`}}`,
			`{"jsonrpc":"2.0","id":"r1","result":{"x":`+end+call+end+`}}`,
			`{"jsonrpc":"2.0","id":"p1","method":"ping","params":{"x":`+end+call+end+`}}`,
			end+call+end,
		)
	}
	for _, sep := range []string{"\u2028", "\u2029", "\u0085"} {
		out = append(out, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":"`+sep+`","y":`+call+`}}`)
	}
	return out
}

func TestSmuggledCallNeverRuns(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is required (apt-get install python3)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required (apt-get install nodejs)")
	}
	for name, argv := range map[string][]string{
		"python-universal-newlines": {python, "testdata/servers/textmode.py"},
		"node-readline":             {node, "testdata/servers/readline.js"},
	} {
		t.Run(name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "read.log")
			script, _ := filepath.Abs(argv[1])
			r := launch(t, &Proxy{Config: vectorConfig(t, Originate, Enforce), Command: argv[0], Args: []string{script, log}})
			sent := 0
			for _, call := range smuggledCalls {
				for _, m := range smuggleCarriers(call) {
					r.send(t, m)
					sent++
				}
			}
			r.send(t, `{"jsonrpc":"2.0","id":"last","method":"ping"}`)
			for {
				if l := r.next(t); strings.Contains(string(l), `"id":"last"`) || strings.Contains(string(l), `"id": "last"`) {
					break
				}
			}
			r.in.Close()
			if _, rest := r.wait(t); len(rest) > 0 {
				for _, l := range rest {
					if strings.Contains(string(l), "smuggled") {
						t.Errorf("an answer to a smuggled call reached the client: %q", l)
					}
				}
			}
			f, err := os.Open(log)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			lines := 0
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var piece string
				if err := json.Unmarshal(sc.Bytes(), &piece); err != nil {
					t.Fatalf("log line %q: %v", sc.Bytes(), err)
				}
				lines++
				var msg struct {
					ID     any    `json:"id"`
					Method string `json:"method"`
				}
				// the one tools/call a server may read is one the guard
				// decided and forwarded: within the bound, with its hop (a
				// bare call between line ends is a call, decided as one)
				if json.Unmarshal([]byte(piece), &msg) == nil && msg.Method == "tools/call" &&
					(msg.ID != "smuggled-in" || !strings.Contains(piece, `"component":"guard"`)) {
					t.Errorf("the server read a tools/call the guard did not forward: %q", piece)
				}
				if strings.TrimSpace(piece) == "" {
					t.Errorf("the server read an empty line: a message was split (%q)", piece)
				}
			}
			// each message the guard relayed is one line to the server; the
			// two bare calls outside the bound are refused (-32001)
			if want := sent - 2 + 1; lines != want {
				t.Errorf("the server read %d lines, want %d (one per relayed message)", lines, want)
			}
		})
	}
}
