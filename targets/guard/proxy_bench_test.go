package guard

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The guard's cost per message against a direct pipe to the same server
// (issue 9: "per-message overhead of the guard against a direct pipe"). The
// server is the test binary in its "ack" mode, which answers each line
// with a small result; the client writes b.N messages while it reads b.N
// answers (pipelined), through real pipes in both directions. ns/op is
// the cost of one message; MB/s counts the request's bytes.
//
//	go test -run '^$' -bench BenchmarkProxy -count 6 ./targets/guard/ | tee guard.txt
//	go tool benchstat -col /path guard.txt
func BenchmarkProxy(b *testing.B) {
	big := `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/big","content":"` +
		strings.Repeat("a", 1<<20) + `"}}}`
	outside := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
	bigOutside := strings.Replace(big, "/srv/acme/big", "/etc/big", 1)
	for _, c := range []struct {
		name, msg string
		mode      Mode
	}{
		{"ping", pingMsg, Enforce}, // relayed: Decide reads little, so this is mostly the proxy's own cost
		{"call", insideMsg, Enforce},
		{"call-audit", outside, Audit}, // a violation, forwarded and recorded
		{"1MiB", big, Enforce},
		{"1MiB-audit", bigOutside, Audit},
	} {
		for _, path := range []string{"direct", "guard"} {
			b.Run(c.name+"/path="+path, func(b *testing.B) {
				benchPipe(b, c.msg, path == "guard", c.mode)
			})
		}
	}
}

func benchPipe(b *testing.B, msg string, guarded bool, mode Mode) {
	line := []byte(msg + "\n")
	env := append(os.Environ(), fakeServerEnv+"=ack")
	var toServer io.WriteCloser
	var fromServer io.ReadCloser
	var finish func()
	if guarded {
		cfg := vectorConfig(b, Originate, mode)
		if d := Decide([]byte(msg), cfg); d.Action != Forward && d.Action != Relay {
			b.Fatalf("the benchmark's message is not sent to the server: %s", d.Message)
		}
		p := &Proxy{Config: cfg, Command: os.Args[0], Env: env}
		if mode == Audit {
			f, err := os.Create(filepath.Join(b.TempDir(), "audit.jsonl"))
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			p.Audit = f
		}
		var cw, or *os.File
		cw, or, finish = runOnPipes(b, p)
		toServer, fromServer = cw, or
	} else {
		cmd := exec.Command(os.Args[0])
		cmd.Env = env
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		toServer, fromServer = in, out
		finish = func() { in.Close(); cmd.Wait() }
	}
	defer finish()
	r := bufio.NewReaderSize(fromServer, 1<<20)
	// one round trip first: the server has started
	if _, err := toServer.Write(line); err != nil {
		b.Fatal(err)
	}
	if _, err := r.ReadSlice('\n'); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(line)))
	b.ResetTimer()
	go func() {
		w := bufio.NewWriterSize(toServer, 1<<20)
		for range b.N {
			w.Write(line)
		}
		w.Flush()
	}()
	for i := range b.N {
		a, err := r.ReadSlice('\n')
		if err != nil {
			b.Fatalf("answer %d: %v", i, err)
		}
		if !strings.Contains(string(a), `"result":{}`) {
			b.Fatalf("answer %d: %.200s", i, a)
		}
	}
	b.StopTimer()
}
