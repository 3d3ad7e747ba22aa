package subprocess

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
)

// fakeEnv selects, in a re-executed test binary, the fake oracle server
// and its start-up behaviour instead of the tests.
const fakeEnv = "CANONFUZZ_FAKE_ORACLE"

func TestMain(m *testing.M) { proctest.Main(m, fakeEnv, fakeServer) }

// fakeConfig runs this test binary as the fake server in mode.
func fakeConfig(t *testing.T, mode string) Config {
	t.Helper()
	exe, args, env := proctest.Self(t, fakeEnv, mode)
	return Config{
		Command:      exe,
		Args:         args,
		Env:          env,
		Timeout:      2 * time.Second,
		StartTimeout: 2 * time.Second,
	}
}

// fakeServer speaks the protocol. In mode "serve" it echoes canonicalize
// inputs back, except for the inputs that make it misbehave:
//
//	crash      writes to stderr and exits with status 3
//	hang       never answers
//	garbage    answers with a line that is not JSON
//	wrong-id   answers with another request's id
//	no-output  answers ok without output
//	refuse     refuses the input
//
// The other modes misbehave at start: "exit" exits at once, "mute" never
// answers hello, "nameless" answers hello without a name, "drift"
// answers hello with a new version after every start, "v1" speaks
// protocol 1 and "v9" claims a protocol that does not exist.
//
// check answers by the provenance bytes: "admit", "deny", "maybe" (a
// decision that is neither), "crash"; anything else is answered ok false.
// The params bytes come back, in base64, as the reason.
func fakeServer(mode string) int {
	switch mode {
	case "exit":
		fmt.Fprintln(os.Stderr, "fake: no library here")
		return 2
	case "mute":
		time.Sleep(time.Hour)
	}
	if mode == "deaf" {
		// Answer hello, then never read stdin again.
		line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
		var req Request
		_ = json.Unmarshal([]byte(line), &req)
		fmt.Printf(`{"id":%d,"ok":true,"name":"deaf","version":"1","protocol":1}`+"\n", req.ID)
		time.Sleep(time.Hour)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req Request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "fake: bad request:", err)
			return 1
		}
		id, yes := req.ID, true
		resp := Response{ID: &id, OK: &yes}
		switch req.Op {
		case OpHello:
			resp.Name, resp.Version, resp.Protocol = "fake", "1.0.0", ProtocolVersion
			if mode == "nameless" {
				resp.Name = ""
			}
			if mode == "drift" {
				resp.Version = fmt.Sprint(os.Getpid())
			}
			if mode == "v1" {
				resp.Protocol = 1
			}
			if mode == "v9" {
				resp.Protocol = 9
			}
		case OpCheck:
			// The provenance bytes say what to answer; the params come
			// back (base64) as the reason, so a test sees they arrived intact.
			prov, err1 := decodeBytes(*req.Provenance)
			params, err2 := decodeBytes(*req.Params)
			if err1 != nil || err2 != nil {
				fmt.Fprintln(os.Stderr, "fake: bad base64")
				return 1
			}
			resp.Reason = *Encode(params)
			switch string(prov) {
			case "admit":
				resp.Decision = DecisionAdmit
			case "deny":
				resp.Decision = DecisionDeny
			case "maybe":
				resp.Decision = "maybe"
			case "crash":
				fmt.Fprintln(os.Stderr, "fake: crashing on purpose")
				return 3
			default:
				no := false
				resp.OK, resp.Error, resp.Reason = &no, "cannot read "+string(prov), ""
			}
		case OpCanonicalize:
			input, err := decodeBytes(*req.Input)
			if err != nil {
				fmt.Fprintln(os.Stderr, "fake: bad base64:", err)
				return 1
			}
			switch string(input) {
			case "crash":
				fmt.Fprintln(os.Stderr, "fake: crashing on purpose")
				return 3
			case "hang":
				time.Sleep(time.Hour)
			case "garbage":
				fmt.Println("this is not JSON")
				continue
			case "wrong-id":
				id += 100
			case "no-output":
			case "refuse":
				no := false
				resp.OK, resp.Error = &no, "refused on purpose"
			default:
				resp.Output = Encode(input)
			}
		default:
			no := false
			resp.OK, resp.Error = &no, "unknown op: "+req.Op
		}
		if err := out.Encode(resp); err != nil {
			return 1
		}
	}
	return 0
}
