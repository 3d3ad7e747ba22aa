package guard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The faults of issue 9's "Liveness" list, each against a server that
// misbehaves on purpose (testdata/servers/faulty.py). Deadlines here only
// detect hangs (20 s); nothing asserts a speed.

const faultyServer = "testdata/servers/faulty.py"

// startFaulty runs the proxy in front of faulty.py in mode and returns the
// run and the file the server writes its pids to.
func startFaulty(t *testing.T, mode string, p *Proxy) (*proxyRun, string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is required for the guard's liveness tests (apt-get install python3)")
	}
	script, err := filepath.Abs(faultyServer)
	if err != nil {
		t.Fatal(err)
	}
	pidfile := filepath.Join(t.TempDir(), "pids")
	p.Command, p.Args = python, []string{script, mode, pidfile}
	if p.Config.Component == "" {
		p.Config = vectorConfig(t, Originate, p.Config.Mode)
	}
	r := launch(t, p)
	waitFile(t, pidfile, 1)
	return r, pidfile
}

func waitFile(t *testing.T, path string, n int) []string { return proctest.WaitLines(t, path, n) }

func assertGone(t *testing.T, pidfile string) { proctest.AssertGone(t, pidfile) }

// answersByID counts the lines that answer each id (responses, results
// and errors), and returns the error code of each answer.
func answersByID(t *testing.T, lines [][]byte) (map[string]int, map[string]string) {
	t.Helper()
	count, code := map[string]int{}, map[string]string{}
	for _, l := range lines {
		v, err := bound.ParseValue(bytes.TrimSuffix(l, []byte("\n")))
		if err != nil {
			t.Fatalf("the client read %q: %v", l, err)
		}
		if marshalAt(v, "method") != "<absent>" {
			continue
		}
		id := marshalAt(v, "id")
		count[id]++
		code[id] = marshalAt(v, "error", "code")
	}
	return count, code
}

// assertAnsweredOnce checks that requests 0..n-1 were each answered once,
// with the error code want ("<absent>" for the server's result).
func assertAnsweredOnce(t *testing.T, lines [][]byte, n int, want string) {
	t.Helper()
	count, codes := answersByID(t, lines)
	for i := range n {
		if id := strconv.Itoa(i); count[id] != 1 || codes[id] != want {
			t.Fatalf("request %d: %d answers, error code %s; want one, %s", i, count[id], codes[id], want)
		}
	}
}

func paddedPing(id int, pad int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping","params":{"pad":%q}}`, id, strings.Repeat("p", pad))
}

// The server never reads, and the client sends more than the pipe to the
// server holds, then closes its input: the guard still sees the client
// leave, stops the server (which ignores SIGTERM, so SIGKILL) and its child,
// answers every request with CodeServerGone, and exits ExitServerKilled.
func TestLivenessServerStopsReading(t *testing.T) {
	r, pidfile := startFaulty(t, "stall", &Proxy{Grace: 100 * time.Millisecond})
	const n = 3000 // 3 MiB: more than a 1 MiB pipe
	for i := range n {
		r.send(t, paddedPing(i, 1000))
	}
	r.in.Close()
	code, lines := r.wait(t)
	if code != ExitServerKilled {
		t.Errorf("exit %d, want ExitServerKilled (%d)", code, ExitServerKilled)
	}
	assertAnsweredOnce(t, lines, n, strconv.Itoa(CodeServerGone))
	assertGone(t, pidfile)
}

// The server never reads and the client sends far more than the guard
// queues for it and the pipe holds (4 MiB; the queue is 256 KiB with a
// 64 KiB message cap, the pipe 1 MiB), then leaves: once the server
// has read nothing for a grace, what does not fit is answered, not waited
// on, so the guard reads on, sees the client leave, and stops the server;
// every request is answered exactly once.
func TestLivenessServerStopsReadingFlood(t *testing.T) {
	r, pidfile := startFaulty(t, "stall", &Proxy{Grace: 200 * time.Millisecond, MaxMessage: 64 << 10})
	const n = 4000
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range n {
			if _, err := io.WriteString(r.in, paddedPing(i, 1000)+"\n"); err != nil {
				t.Errorf("writing to the guard: %v", err)
				return
			}
		}
		r.in.Close()
	}()
	code, lines := r.wait(t)
	<-done
	if code != ExitServerKilled {
		t.Errorf("exit %d, want ExitServerKilled (%d)", code, ExitServerKilled)
	}
	assertAnsweredOnce(t, lines, n, strconv.Itoa(CodeServerGone))
	assertGone(t, pidfile)
}

// The server writes 100 KiB without a newline and stalls: the guard's own
// -32001 answers still reach the client, and it sees the client leave.
func TestLivenessLongServerLine(t *testing.T) {
	r, pidfile := startFaulty(t, "longline", &Proxy{Grace: 100 * time.Millisecond})
	for i := range 3 {
		r.send(t, strings.Replace(outsideMsg, `"id":3`, fmt.Sprintf(`"id":%d`, 10+i), 1))
		if got := r.next(t); !bytes.Contains(got, []byte(`"code":-32001`)) || !bytes.Contains(got, []byte(fmt.Sprintf(`"id":%d`, 10+i))) {
			t.Fatalf("refusal %d: %q", i, got)
		}
	}
	r.in.Close()
	if code, rest := r.wait(t); code != ExitServerKilled || len(rest) != 0 {
		t.Errorf("exit %d, want ExitServerKilled (%d); %d more lines: %.200q", code, ExitServerKilled, len(rest), rest)
	}
	assertGone(t, pidfile)
}

// The server crashes, closes its output, or is killed after reading the
// requests: every one is answered exactly once, by the guard.
func TestLivenessServerGoesAway(t *testing.T) {
	const n = 50
	for _, c := range []struct {
		mode string
		exit int
	}{
		{"exit", ExitServerFailed},
		{"closeout", ExitServerKilled}, // it goes on reading after its output closed: stopped
		{"killself", ExitServerFailed},
	} {
		t.Run(c.mode, func(t *testing.T) {
			// a grace long enough for a server that exits on its own to be
			// reaped within it on a loaded machine
			r, pidfile := startFaulty(t, fmt.Sprintf("%s:%d", c.mode, n), &Proxy{Grace: time.Second})
			for i := range n {
				r.send(t, `{"jsonrpc":"2.0","method":"notifications/progress"}`)
				r.send(t, paddedPing(i, 10))
			}
			code, lines := r.wait(t)
			if code != c.exit {
				t.Errorf("exit %d, want %d", code, c.exit)
			}
			assertAnsweredOnce(t, lines, n, strconv.Itoa(CodeServerGone))
			if len(lines) != n {
				t.Errorf("%d lines, want %d", len(lines), n)
			}
			assertGone(t, pidfile)
		})
	}
}

// A signal the guard receives is forwarded to the server: a server that
// answers what it read on SIGTERM and exits has its answers relayed; the
// guard exits 128+15. One that ignores SIGTERM is killed after the grace,
// with its child.
func TestLivenessSignalForwarded(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	r, pidfile := startFaulty(t, "termanswers", &Proxy{Grace: 20 * time.Second, Signals: sigs})
	for i := range 5 {
		r.send(t, paddedPing(i, 10))
	}
	waitFile(t, pidfile+".read", 5)
	sigs <- syscallSIGTERM
	code, lines := r.wait(t)
	if code != 128+15 {
		t.Errorf("exit %d, want %d", code, 128+15)
	}
	waitFile(t, pidfile+".term", 1)
	assertAnsweredOnce(t, lines, 5, "<absent>")
	assertGone(t, pidfile)

	sigs = make(chan os.Signal, 1)
	r, pidfile = startFaulty(t, "stall", &Proxy{Grace: 100 * time.Millisecond, Signals: sigs})
	r.send(t, paddedPing(1, 10))
	sigs <- syscallSIGINT
	code, lines = r.wait(t)
	if code != 128+2 {
		t.Errorf("exit %d, want %d", code, 128+2)
	}
	if count, codes := answersByID(t, lines); count["1"] != 1 || codes["1"] != strconv.Itoa(CodeServerGone) {
		t.Errorf("the request in flight: %q", lines)
	}
	assertGone(t, pidfile)
}

// The client leaves and the server does not exit at the end of its input:
// SIGTERM first (not SIGKILL), and the answers it writes then are relayed.
//
// Grace is each wait: after the input closes (the server keeps running, so
// it passes in full) and after SIGTERM, where the server must write its
// .term file and answers before SIGKILL. 100 ms was too short for the
// Python server's handler at load 15 (the .term file never came); 2 s is
// more than ten times its quiet time.
func TestLivenessClientLeavesTermFirst(t *testing.T) {
	r, pidfile := startFaulty(t, "termanswers", &Proxy{Grace: 2 * time.Second})
	for i := range 3 {
		r.send(t, paddedPing(i, 10))
	}
	waitFile(t, pidfile+".read", 3)
	r.in.Close()
	code, lines := r.wait(t)
	if code != ExitServerKilled {
		t.Errorf("exit %d, want ExitServerKilled (%d)", code, ExitServerKilled)
	}
	waitFile(t, pidfile+".term", 1)
	assertAnsweredOnce(t, lines, 3, "<absent>")
	assertGone(t, pidfile)
}

// blockedWriter is a log nobody reads: every Write blocks until release.
type blockedWriter struct {
	release chan struct{}
	proctest.Output
}

func (w *blockedWriter) Write(p []byte) (int, error) {
	<-w.release
	return w.Output.Write(p)
}

// Nobody reads the guard's log: refusals are still answered, calls still
// forwarded, and the count of dropped log lines is written once the log is
// read again.
func TestLivenessLogNotRead(t *testing.T) {
	log := &blockedWriter{release: make(chan struct{})}
	r := startProxy(t, "echo", &Proxy{Log: log, Stderr: log, Grace: time.Second})
	const n = 2000
	for i := range n {
		r.send(t, strings.Replace(outsideMsg, `"id":3`, fmt.Sprintf(`"id":%d`, 100+i), 1))
	}
	r.send(t, pingMsg)
	for i := range n {
		if got := r.next(t); !bytes.Contains(got, []byte(`"code":-32001`)) {
			t.Fatalf("refusal %d: %q", i, got)
		}
	}
	if got := unechoed(r.next(t)); string(got) != pingMsg+"\n" {
		t.Fatalf("the ping after the refusals: %q", got)
	}
	r.in.Close()
	if code, _ := r.wait(t); code != ExitClean {
		t.Errorf("exit %d", code)
	}
	close(log.release)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(log.String(), "log lines dropped") {
		if time.Now().After(deadline) {
			t.Fatalf("no count of dropped lines in the log:\n%.2000s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// failingWriter is an audit log that cannot be written.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// An audit record that cannot be written fails the call closed: the
// violation audit mode would forward is answered with -32603 and never
// reaches the server; a call within the bound needs no record and passes.
func TestLivenessAuditFailureFailsClosed(t *testing.T) {
	r := startProxy(t, "echo", &Proxy{Config: vectorConfig(t, Originate, Audit), Audit: failingWriter{}})
	r.send(t, outsideMsg)
	if got := r.next(t); !bytes.Contains(got, []byte(`"id":3,"error":{"code":-32603`)) {
		t.Fatalf("a violation whose record failed: %q", got)
	}
	r.send(t, insideMsg)
	if got := unechoed(r.next(t)); !bytes.Contains(got, []byte(`"method":"tools/call"`)) || !bytes.Contains(got, []byte(`/srv/acme/README`)) {
		t.Fatalf("a call within the bound: %q", got)
	}
	r.in.Close()
	if _, rest := r.wait(t); len(rest) != 0 {
		t.Errorf("more lines: %q", rest)
	}
}

// The server answers every request twice and sends an answer to an id
// never asked: the client reads one answer per request.
func TestProxyOneAnswerPerRequest(t *testing.T) {
	r := startProxy(t, "twice", &Proxy{})
	for i := range 20 {
		r.send(t, paddedPing(i, 1))
	}
	r.in.Close()
	_, lines := r.wait(t)
	count, _ := answersByID(t, lines)
	for i := range 20 {
		if id := strconv.Itoa(i); count[id] != 1 {
			t.Errorf("request %d answered %d times", i, count[id])
		}
	}
	if count["999"] != 0 || len(lines) != 20 {
		t.Errorf("%d lines, the unsolicited answer %d times", len(lines), count["999"])
	}
}

// Every line the server writes reaches the client as one line to every
// line reader: JSON with CRs (and raw LS) is re-encoded, what is not JSON
// and holds a CR is dropped; nothing the client reads holds a line end.
func TestProxyFramesServerLines(t *testing.T) {
	r := startProxy(t, "smuggle", &Proxy{})
	_, lines := r.wait(t)
	var got []string
	for _, l := range lines {
		if at := lineEndAt(bytes.TrimSuffix(l, []byte("\n"))); at >= 0 {
			t.Errorf("the client read a line with a line end at %d: %q", at, l)
		}
		got = append(got, string(l))
	}
	want := []string{
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"a": {"jsonrpc":"2.0","id":5,"result":{}} }}` + "\n",
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"a":"\u2028"}}` + "\n",
		"after\n",
	}
	if strings.Join(got, "") != strings.Join(want, "") {
		t.Errorf("the client read\n%q\nwant\n%q", got, want)
	}
}
