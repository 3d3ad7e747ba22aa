package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
)

// runMainEnv makes the test binary run the command line itself (main), so
// that a test can signal a real `canonfuzz guard` process.
const runMainEnv = "CANONFUZZ_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

const faultyServer = "../../targets/guard/testdata/servers/faulty.py"

// startGuardProcess starts `canonfuzz guard` as a process in front of
// faulty.py in mode, and waits until the server has written its pids.
func startGuardProcess(t *testing.T, mode string, extra ...string) (cmd *exec.Cmd, in, out *os.File, pidfile string) {
	t.Helper()
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	pidfile = filepath.Join(dir, "pids")
	script, err := filepath.Abs(faultyServer)
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"guard", "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate"}, extra...)
	args = append(args, "--", "python3", script, mode, pidfile)
	cmd = exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), runMainEnv+"=1")
	cmd.Stderr = os.Stderr
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	t.Cleanup(func() {
		inW.Close()
		outR.Close()
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	waitLines(t, pidfile, 1)
	return cmd, inW, outR, pidfile
}

func waitLines(t *testing.T, path string, n int) []string { return proctest.WaitLines(t, path, n) }

// waitExit waits (20 s at most) for the guard process and returns its
// exit status.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		if ws := cmd.ProcessState.Sys().(syscall.WaitStatus); ws.Signaled() {
			t.Fatalf("the guard was killed by %v instead of exiting", ws.Signal())
		}
		return cmd.ProcessState.ExitCode()
	case <-time.After(20 * time.Second):
		t.Fatal("the guard did not exit in 20 s")
	}
	return 0
}

func processesGone(t *testing.T, pidfile string) { proctest.AssertGone(t, pidfile) }

// SIGTERM to the guard is forwarded to the server, whose answers to what
// it read are relayed; the guard exits 143, nothing of the server lives on.
func TestGuardProcessForwardsSIGTERM(t *testing.T) {
	cmd, in, outFile, pidfile := startGuardProcess(t, "termanswers", "--grace", "20s")
	out := bufio.NewReader(outFile)
	for i := range 3 {
		fmt.Fprintf(in, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", i)
	}
	waitLines(t, pidfile+".read", 3)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		line, err := out.ReadBytes('\n')
		var m struct {
			ID     int
			Result struct{ From string }
		}
		if err != nil || json.Unmarshal(line, &m) != nil || m.Result.From != "server" {
			t.Fatalf("answer %d: %q, %v", i, line, err)
		}
	}
	if code := waitExit(t, cmd); code != 128+15 {
		t.Errorf("exit %d, want 143", code)
	}
	waitLines(t, pidfile+".term", 1)
	processesGone(t, pidfile)
}

// SIGINT to the guard in front of a server that ignores signals: the
// server and its child are killed after --grace, the request in flight is
// answered, the guard exits 130.
// SIGHUP (a closed terminal) is forwarded the same way: the server, in a
// group of its own, would not get it from the terminal.
func TestGuardProcessSIGINTKillsAStuckServer(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP} {
		// the grace (twice 1 s before SIGKILL) is also the guard's time to
		// read the ping, which it answers whether it read it before or
		// after the signal
		cmd, in, outFile, pidfile := startGuardProcess(t, "stall", "--grace", "1s")
		out := bufio.NewReader(outFile)
		fmt.Fprintf(in, `{"jsonrpc":"2.0","id":7,"method":"ping"}`+"\n")
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		line, err := out.ReadBytes('\n')
		if err != nil || !bytes.Contains(line, []byte(`"id":7,"error":{"code":-32000`)) {
			t.Errorf("%v: the request in flight: %q, %v", sig, line, err)
		}
		if code := waitExit(t, cmd); code != 128+int(sig) {
			t.Errorf("%v: exit %d, want %d", sig, code, 128+int(sig))
		}
		processesGone(t, pidfile)
	}
}

// The client closes its end of the guard's standard output and sends a
// request: the guard's write fails (EPIPE, not SIGPIPE, which would kill it
// before it stops the server), it sees the client gone, stops the server
// and its child (which ignore SIGTERM: SIGKILL after the grace) and exits
// with its own status.
func TestGuardProcessClientClosesItsOutput(t *testing.T) {
	cmd, in, out, pidfile := startGuardProcess(t, "stall", "--grace", "100ms")
	out.Close()
	fmt.Fprintf(in, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`+"\n")
	if code := waitExit(t, cmd); code != 4 {
		t.Errorf("exit %d, want 4 (the server had to be stopped)", code)
	}
	processesGone(t, pidfile)
}

// The guard catches SIGPIPE (so that a write to a closed output fails
// instead of killing it), but the server starts with SIGPIPE at its
// default, as it would without the guard: no signal is ignored in it.
func TestGuardProcessServerSignalsDefault(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	cmd := exec.Command(os.Args[0], "guard", "--policy", filepath.Join(dir, "policy.json"), "--component", "cli", "--absent", "originate",
		"--", "sh", "-c", `sed -n 's/^SigIgn:[[:space:]]*/"/p' /proc/self/status | sed 's/$/"/'`)
	cmd.Env = append(os.Environ(), runMainEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	mask, err := strconv.ParseUint(strings.Trim(strings.TrimSpace(string(out)), `"`), 16, 64)
	if err != nil {
		t.Fatalf("the server's SigIgn: %q: %v", out, err)
	}
	if mask&(1<<(syscall.SIGPIPE-1)) != 0 {
		t.Errorf("the server starts with SIGPIPE ignored (SigIgn %x)", mask)
	}
}
