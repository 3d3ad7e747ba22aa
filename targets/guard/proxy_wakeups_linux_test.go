package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// guardProcess is the test binary's guard mode: guard.Proxy with the bound
// of vectorConfig between this process's standard input and output and
// this binary in serverMode, as `canonfuzz guard` runs it (inherited,
// blocking pipes). It returns the guard's exit status.
func guardProcess(serverMode string) int {
	policy, err := bound.ParseBound([]byte(vectorPolicy))
	if err != nil {
		return 2
	}
	p := &Proxy{
		Config:  Config{Component: "guard", Policy: policy, Absent: Originate},
		Command: os.Args[0],
		Env:     append(os.Environ(), fakeServerEnv+"="+serverMode),
	}
	status, err := p.Run(os.Stdin, os.Stdout)
	if err != nil {
		return 2
	}
	return status
}

// A guard process between two pipes whose client pauses between requests,
// as an MCP client waiting on a person or a model does, sleeps about once
// a direction a round trip: its threads wait in the poller, none in a
// read(2) that keeps the Go runtime's monitor thread (sysmon) ticking and
// handing the processor from thread to thread (issue 20;
// docs/PERFORMANCE.md, "Guard latency"). Counted from /proc, which does not
// depend on the machine's load as time does: the voluntary context
// switches of the guard process's threads (its server is a process of its
// own) over round trips 2 ms apart: 1.3 to 1.7 a round trip; 6.7 to 7.7
// with the client's input read blocking (as before issue 20), and as many
// with it read through the poller but with the runtime's system calls
// (each one wakes the monitor thread the poller let sleep).
func TestGuardProcessSleepsOnceADirection(t *testing.T) {
	const (
		trips  = 200
		pause  = 2 * time.Millisecond
		budget = 4.0 // voluntary context switches a round trip
	)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), fakeServerEnv+"=guard:ack")
	p := startCommand(t, cmd)
	defer p.finish()
	line := []byte(pingMsg + "\n")
	for range 50 { // the server has started, the runtime's threads exist
		p.roundTrip(t, line)
	}
	before := voluntarySwitches(t, cmd.Process.Pid)
	for range trips {
		time.Sleep(pause)
		p.roundTrip(t, line)
	}
	after := voluntarySwitches(t, cmd.Process.Pid)
	perTrip := float64(after-before) / trips
	t.Logf("%.2f voluntary context switches a round trip (%d over %d)", perTrip, after-before, trips)
	if perTrip > budget {
		t.Errorf("the guard process switched %.2f times a round trip, more than %v: a thread of it waits in a system call between messages", perTrip, budget)
	}
}

// voluntarySwitches sums voluntary_ctxt_switches over the threads of
// process pid (proc(5)).
func voluntarySwitches(t *testing.T, pid int) int64 {
	t.Helper()
	tasks, err := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/status")
	if err != nil || len(tasks) == 0 {
		t.Fatalf("the threads of process %d: %v", pid, err)
	}
	var sum int64
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, ok := strings.Cut(string(b), "\nvoluntary_ctxt_switches:")
		if !ok {
			t.Fatalf("%s: no voluntary_ctxt_switches", f)
		}
		n, err := strconv.ParseInt(strings.TrimSpace(strings.SplitN(rest, "\n", 2)[0]), 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		sum += n
	}
	return sum
}
