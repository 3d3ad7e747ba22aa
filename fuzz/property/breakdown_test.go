package property

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/internal/proctest"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// fakeOracleEnv makes the re-executed test binary a subprocess oracle that
// canonicalizes with targets/jcs, except that it dies on an input holding
// the string "crash" and never answers one holding "hang".
const fakeOracleEnv = "CANONFUZZ_PROPERTY_FAKE_ORACLE"

func TestMain(m *testing.M) {
	proctest.Main(m, fakeOracleEnv, func(string) int { return fakeOracle() })
}

func fakeOracle() int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req subprocess.Request
		if json.Unmarshal(in.Bytes(), &req) != nil {
			return 1
		}
		id, yes, no := req.ID, true, false
		resp := subprocess.Response{ID: &id, OK: &yes}
		switch req.Op {
		case subprocess.OpHello:
			resp.Name, resp.Version, resp.Protocol = "fake", "1", subprocess.ProtocolVersion
		case subprocess.OpCanonicalize:
			input, _ := base64.StdEncoding.DecodeString(*req.Input)
			switch {
			case bytes.Contains(input, []byte(`"crash"`)):
				fmt.Fprintln(os.Stderr, "fake: crashing")
				return 3
			case bytes.Contains(input, []byte(`"hang"`)):
				time.Sleep(time.Hour)
			}
			if canon, err := JCSDefault(input); err != nil {
				resp.OK, resp.Error = &no, err.Error()
			} else {
				resp.Output = subprocess.Encode(canon)
			}
		}
		if out.Encode(resp) != nil {
			return 1
		}
	}
	return 0
}

// A crash or a hang of an oracle process is a violation of its own class,
// the same whatever the input that caused it; the process is started again
// for the next input, so a minimizer's thousands of tries keep one
// oracle, and minimizing a crasher keeps the crash.
func TestOracleBreakdownIsItsOwnSignature(t *testing.T) {
	exe, args, env := proctest.Self(t, fakeOracleEnv, "1")
	fake, err := subprocess.Start(subprocess.Config{Command: exe, Args: args,
		Env: env, Timeout: 500 * time.Millisecond, StartTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer fake.Close()
	refs := []oracle.Canonicalizer{fake}
	check := func(in string) *Violation { return CanonicalizeMatchesOracles(JCSDefault, refs, []byte(in)) }
	for in, want := range map[string]string{
		`["crash"]`:                  "oracle:fake:breakdown:crashed",
		`{"b":["crash",1],"a":2}`:    "oracle:fake:breakdown:crashed",
		`["hang"]`:                   "oracle:fake:breakdown:timeout",
		`{"b":1,"a":[1.0,"\u00e9"]}`: "",
		`{"a":1,"a":2}`:              "",
		`["crash","crash"] x`:        "oracle:fake:breakdown:crashed", // refused by jcs; the oracle is asked too
	} {
		v := check(in)
		got := ""
		if v != nil {
			got = v.Class
		}
		if got != want {
			t.Errorf("%s: class %q, want %q (%v)", in, got, want, v)
		}
	}
	crasher := []byte(`{"filler":[1,2,3,{"x":"y"}],"deep":[["crash"]],"more":"text"}`)
	s := minimize.SignerFunc(func(b []byte) minimize.Signature {
		if v := CanonicalizeMatchesOracles(JCSDefault, refs, b); v != nil {
			return minimize.Signature(v.Signature())
		}
		return minimize.Pass
	})
	res, err := minimize.Minimize(context.Background(), crasher, s, minimize.Options{Time: time.Minute})
	if err != nil || res.Signature != "CanonicalizeMatchesOracles:oracle:fake:breakdown:crashed" || len(res.Input) > len(`["crash"]`) {
		t.Fatalf("minimized %q to %q (%s), %v", crasher, res.Input, res.Signature, err)
	}
	t.Logf("%s: %d -> %d bytes %q, %d tries", res.Signature, len(crasher), len(res.Input), res.Input, res.Stats.Tries)
}
