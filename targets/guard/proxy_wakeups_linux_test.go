package guard

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

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
	before := voluntarySwitches(cmd.Process.Pid)
	for range trips {
		time.Sleep(pause)
		p.roundTrip(t, line)
	}
	after := voluntarySwitches(cmd.Process.Pid)
	if before < 0 || after < 0 {
		t.Fatalf("no voluntary_ctxt_switches in /proc/%d/task/*/status", cmd.Process.Pid)
	}
	perTrip := float64(after-before) / trips
	t.Logf("%.2f voluntary context switches a round trip (%d over %d)", perTrip, after-before, trips)
	if perTrip > budget {
		t.Errorf("the guard process switched %.2f times a round trip, more than %v: a thread of it waits in a system call between messages", perTrip, budget)
	}
}
