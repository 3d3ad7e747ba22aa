package guard

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The guard's latency (issue 20): what one round trip costs when the client
// waits for each answer before it sends the next request, as an MCP client
// does, unlike BenchmarkProxy, which keeps the pipes full and measures
// throughput. Each iteration makes one round trip on each path to the same
// server (the test binary's "ack" mode), in turn, so the load of the
// machine falls on all of them alike:
//
//	direct      the server on its own pipes: the two pipe hops alone
//	relay       a null relay (the test binary's relay mode, nullRelay): a
//	            process of its own between the client's pipes and the
//	            server's, as the guard binary is, that copies each line
//	            across with the guard's own pipe I/O (pollableInput,
//	            pollableOutput, ownedPipe) and does nothing else: four
//	            pipe hops and the floor of any guard process
//	plainrelay  the same relay with plain os.File I/O (a blocking read of
//	            its standard input, the runtime's system calls), what a
//	            relay written the obvious way in Go costs
//	guard       guard.Proxy in this process between the client's pipes and
//	            the server's: four pipe hops
//	binary      the `canonfuzz guard` binary (built once into a temporary
//	            directory, or the one CANONFUZZ_LATENCY_BINARY names, to
//	            compare two builds in one harness) with the server as its
//	            child, as a host runs it
//
// Cases: ping (relayed) and call (a small tools/call, decided against the
// bound and forwarded with its hop), back to back: a path is idle only
// while the others make their round trips; and ping/pause=1ms, where the
// client waits 1 ms before each request (not timed), as a client waiting
// on a person or a model does: how a process between two pipes behaves
// when it has been idle.
//
// Reported: the median round trip of each path (direct-µs, relay-µs,
// plainrelay-µs, guard-µs, binary-µs) and differences of medians:
// added-µs (guard − direct) and binary-added-µs (binary − direct), the
// guard's added latency; relay-added-µs (relay − direct), what the two
// extra pipe hops and a process between them cost; binary-over-relay-µs
// (binary − relay), what the guard's own code adds to a round trip.
// Medians, not means: on a loaded machine one descheduling costs a
// millisecond. For each path that is a process of its own, NAME-vcs/trip
// is its voluntary context switches a round trip (proc(5), where there is
// a /proc; its server not counted): how often its threads went to sleep,
// which the load of the machine does not change as it changes time.
// ns/op is the round trips of all paths together, pauses included.
//
//	go test -run '^$' -bench BenchmarkProxyLatency -count 10 ./targets/guard/ | tee latency.txt
//	go tool benchstat latency.txt
func BenchmarkProxyLatency(b *testing.B) {
	for _, c := range []struct {
		name  string
		msg   string
		pause time.Duration
	}{
		{"ping", pingMsg, 0},   // relayed
		{"call", insideMsg, 0}, // decided against the bound, forwarded with its hop
		{"ping/pause=1ms", pingMsg, time.Millisecond},
	} {
		b.Run(c.name, func(b *testing.B) { benchLatency(b, c.msg, c.pause) })
	}
}

func benchLatency(b *testing.B, msg string, pause time.Duration) {
	line := []byte(msg + "\n")
	paths := []struct {
		name string
		rt   *roundTripper
	}{
		{"direct", directAck(b)},
		{"relay", relayAck(b, false)},
		{"plainrelay", relayAck(b, true)},
		{"guard", guardAck(b, msg)},
		{"binary", binaryGuardAck(b)},
	}
	var timed []latencyPath
	for _, p := range paths {
		defer p.rt.finish()
		p.rt.roundTrip(b, line) // the server has started
		timed = append(timed, latencyPath{p.name, func() { p.rt.roundTrip(b, line) }, p.rt.pid})
	}
	interleave(b, pause, timed,
		latencyDiff{"added", "guard", "direct"},
		latencyDiff{"binary-added", "binary", "direct"},
		latencyDiff{"relay-added", "relay", "direct"},
		latencyDiff{"binary-over-relay", "binary", "relay"})
}

// latencyPath is one way to a server: its name in the metrics (NAME-µs),
// one round trip on it, and the process between the client and the
// server (0: none, or none of its own).
type latencyPath struct {
	name string
	trip func()
	pid  int
}

// latencyDiff is a metric NAME-µs: the median round trip of the path of
// minus that of the path minus.
type latencyDiff struct{ name, of, minus string }

// interleave times b.N round trips of each path, one of each in turn, each
// after pause, and reports their medians, the differences asked for and
// the voluntary context switches a round trip of each path's process.
func interleave(b *testing.B, pause time.Duration, paths []latencyPath, diffs ...latencyDiff) {
	times := make([][]time.Duration, len(paths))
	switches := make([]int64, len(paths))
	for i, p := range paths {
		times[i] = make([]time.Duration, 0, b.N)
		switches[i] = voluntarySwitches(p.pid)
	}
	b.ResetTimer()
	for range b.N {
		for i, p := range paths {
			if pause > 0 {
				time.Sleep(pause)
			}
			start := time.Now()
			p.trip()
			times[i] = append(times[i], time.Since(start))
		}
	}
	b.StopTimer()
	for i, p := range paths {
		if before, after := switches[i], voluntarySwitches(p.pid); before >= 0 && after >= 0 {
			b.ReportMetric(float64(after-before)/float64(b.N), p.name+"-vcs/trip")
		}
	}
	medians := map[string]time.Duration{}
	for i, p := range paths {
		medians[p.name] = median(times[i])
		b.ReportMetric(micros(medians[p.name]), p.name+"-µs")
	}
	for _, d := range diffs {
		of, ok1 := medians[d.of]
		minus, ok2 := medians[d.minus]
		if !ok1 || !ok2 {
			b.Fatalf("the difference %s names a path not timed: %s or %s", d.name, d.of, d.minus)
		}
		b.ReportMetric(micros(of-minus), d.name+"-µs")
	}
}

// roundTripper is one path to an ack server: where the client writes, what
// it reads, and how the path ends.
type roundTripper struct {
	w      io.Writer
	r      *bufio.Reader
	finish func()
	pid    int // the process the client talks to; 0 in this process
}

// roundTrip writes one request and reads its answer.
func (p *roundTripper) roundTrip(b testing.TB, line []byte) {
	if _, err := p.w.Write(line); err != nil {
		b.Fatal(err)
	}
	a, err := p.r.ReadSlice('\n')
	if err != nil {
		b.Fatal(err)
	}
	if !strings.Contains(string(a), `"result":{}`) {
		b.Fatalf("answer: %.200s", a)
	}
}

func ackEnv() []string { return append(os.Environ(), fakeServerEnv+"=ack") }

// relayAck is the null relay (nullRelay; plain: with os.File I/O) in
// front of the ack server.
func relayAck(b *testing.B, plain bool) *roundTripper {
	mode := "relay:ack"
	if plain {
		mode = "plainrelay:ack"
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), fakeServerEnv+"="+mode)
	return startCommand(b, cmd)
}

// directAck is the ack server on its own pipes.
func directAck(b *testing.B) *roundTripper {
	cmd := exec.Command(os.Args[0])
	cmd.Env = ackEnv()
	return startCommand(b, cmd)
}

// guardAck is guard.Proxy in this process, on pipes, in front of the ack
// server; msg must be one it sends to the server.
func guardAck(b *testing.B, msg string) *roundTripper {
	cfg := vectorConfig(b, Originate, Enforce)
	if d := Decide([]byte(msg), cfg); d.Action != Forward && d.Action != Relay {
		b.Fatalf("the benchmark's message is not sent to the server: %s", d.Message)
	}
	p := &Proxy{Config: cfg, Command: os.Args[0], Env: ackEnv()}
	toGuard, fromGuard, finish := runOnPipes(b, p)
	return &roundTripper{w: toGuard, r: bufio.NewReader(fromGuard), finish: finish}
}

// runOnPipes runs p on two new pipes: the client writes toGuard and reads
// fromGuard; finish closes the client's input and waits for Run to end.
func runOnPipes(b *testing.B, p *Proxy) (toGuard, fromGuard *os.File, finish func()) {
	cr, cw, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	or, ow, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	GrowPipe(cw)
	GrowPipe(or)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := p.Run(cr, ow); err != nil {
			b.Error(err)
		}
		ow.Close()
	}()
	return cw, or, func() { cw.Close(); <-done; or.Close() }
}

// binaryGuardAck is the `canonfuzz guard` binary in front of the ack
// server, with the bound of vectorConfig.
func binaryGuardAck(b *testing.B) *roundTripper {
	cmd := binaryGuard(b, vectorPolicy)
	cmd.Env = ackEnv()
	return startCommand(b, cmd)
}

// binaryGuard is the command of the `canonfuzz guard` binary conferring
// policy (a bound) in front of the test binary as its server.
func binaryGuard(b *testing.B, policy string) *exec.Cmd {
	bin := canonfuzzBinary(b)
	file := filepath.Join(b.TempDir(), "policy.json")
	if err := os.WriteFile(file, []byte(policy), 0o644); err != nil {
		b.Fatal(err)
	}
	return exec.Command(bin, "guard", "--policy", file, "--component", "guard", "--absent", "originate", "--", os.Args[0])
}

// startCommand starts cmd with pipes to its standard input and output.
func startCommand(b testing.TB, cmd *exec.Cmd) *roundTripper {
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return &roundTripper{w: in, r: bufio.NewReader(out), finish: func() { in.Close(); cmd.Wait() }, pid: cmd.Process.Pid}
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
	buildOut  []byte
)

// latencyBinaryEnv names a canonfuzz binary the latency benchmarks run
// instead of building one: two builds (a branch and main) compared in the
// same harness, alternated.
const latencyBinaryEnv = "CANONFUZZ_LATENCY_BINARY"

// canonfuzzBinary builds cmd/canonfuzz once per test process, into a
// directory removed when the benchmarks end (benchmarkBuildDir), or
// returns the binary latencyBinaryEnv names.
func canonfuzzBinary(b *testing.B) string {
	if bin := os.Getenv(latencyBinaryEnv); bin != "" {
		if _, err := os.Stat(bin); err != nil {
			b.Fatalf("%s: %v", latencyBinaryEnv, err)
		}
		return bin
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "canonfuzz-latency-")
		if err != nil {
			buildErr = err
			return
		}
		benchmarkBuildDir = dir
		builtBin = filepath.Join(dir, "canonfuzz")
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", builtBin, "github.com/canonfuzz/canonfuzz/cmd/canonfuzz")
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		b.Fatalf("building canonfuzz: %v\n%s", buildErr, buildOut)
	}
	return builtBin
}

// benchmarkBuildDir is removed by TestMain after the run.
var benchmarkBuildDir string

// voluntarySwitches sums voluntary_ctxt_switches over the threads of
// process pid (proc(5)); -1 for pid 0, or where /proc cannot tell.
func voluntarySwitches(pid int) int64 {
	if pid == 0 {
		return -1
	}
	tasks, err := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/status")
	if err != nil || len(tasks) == 0 {
		return -1
	}
	var sum int64
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			return -1
		}
		_, rest, ok := strings.Cut(string(b), "\nvoluntary_ctxt_switches:")
		if !ok {
			return -1
		}
		n, err := strconv.ParseInt(strings.TrimSpace(strings.SplitN(rest, "\n", 2)[0]), 10, 64)
		if err != nil {
			return -1
		}
		sum += n
	}
	return sum
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
