package gofuzz

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
)

// stats is one of the coordinator's periodic status lines.
type stats struct {
	workers, corpus, crashers, execs, rate int
}

var statsLine = regexp.MustCompile(`workers: (\d+), corpus: (\d+) .*?crashers: (\d+),.*? execs: (\d+) \((\d+)/sec\)`)

// lastStats parses the last status line in a coordinator's log.
func lastStats(log string) (stats, bool) {
	all := statsLine.FindAllStringSubmatch(log, -1)
	if len(all) == 0 {
		return stats{}, false
	}
	m := all[len(all)-1]
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	return stats{workers: n(1), corpus: n(2), crashers: n(3), execs: n(4), rate: n(5)}, true
}

func TestStatsLineParses(t *testing.T) {
	log := "2026/12/01 21:42:40 workers: 0, corpus: 31 (3s ago), crashers: 0, restarts: 1/0, execs: 0 (0/sec), cover: 0, uptime: 3s\n" +
		"2026/12/01 21:42:58 workers: 1, corpus: 93 (5s ago), crashers: 2, restarts: 1/9619, execs: 432894 (20611/sec), cover: 1152, uptime: 21s\n"
	if got, ok := lastStats(log); !ok || got != (stats{1, 93, 2, 432894, 20611}) {
		t.Fatalf("lastStats = %+v, %v", got, ok)
	}
	if _, ok := lastStats("shutting down...\n"); ok {
		t.Fatal("a log without a status line parsed")
	}
}

// process is a go-fuzz process in its own process group, so that stopping
// it also stops the test binaries a worker runs.
type process struct {
	name string
	cmd  *exec.Cmd
	out  *proctest.Output
	done chan error
}

func start(t *testing.T, dir, name string, args ...string) *process {
	t.Helper()
	p := &process{name: name, out: new(proctest.Output), done: make(chan error, 1)}
	p.cmd = exec.Command(args[0], args[1:]...)
	p.cmd.Dir = dir
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(p.stop)
	return p
}

// stop interrupts the process group (go-fuzz shuts down on SIGINT, its
// workers' test binaries with it), and kills it if it is not gone in 5 s.
func (p *process) stop() {
	pgid := p.cmd.Process.Pid
	if syscall.Kill(-pgid, syscall.SIGINT) != nil {
		return // already gone
	}
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
	syscall.Kill(-pgid, syscall.SIGKILL)
}

// freePort asks the kernel for a free loopback port.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// buildFuzzer runs go-fuzz-build on this package, every entry point in one
// archive, and checks the archive lists exactly EntryPoints().
func buildFuzzer(t *testing.T, dir string) string {
	t.Helper()
	build := tool(t, "go-fuzz-build")
	bin := filepath.Join(dir, "gofuzz.zip")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	began := time.Now()
	cmd := exec.CommandContext(ctx, build, "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go-fuzz-build -o %s .: %v\n%s", bin, err, out)
	}
	t.Logf("go-fuzz-build: %v", time.Since(began).Round(time.Millisecond))
	z, err := zip.OpenReader(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	f, err := z.Open("metadata")
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	defer f.Close()
	var meta struct{ Funcs []string }
	if err := json.NewDecoder(f).Decode(&meta); err != nil {
		t.Fatalf("%s metadata: %v", bin, err)
	}
	slices.Sort(meta.Funcs)
	if !slices.Equal(meta.Funcs, EntryPoints()) {
		t.Fatalf("go-fuzz-build found %v, want the entry points %v", meta.Funcs, EntryPoints())
	}
	return bin
}

// TestGoFuzzClusterOnLoopback builds the entry points with go-fuzz-build,
// starts a go-fuzz coordinator on loopback with the seed corpus of
// FuzzScanMatchesReference and one worker, and waits until the coordinator
// reports the worker connected, executions and a corpus grown past the
// seeds (which only the worker's new inputs can do). A crasher fails the
// test with its input: it is a violated property on the real targets.
func TestGoFuzzClusterOnLoopback(t *testing.T) {
	const entry = "FuzzScanMatchesReference"
	fuzz := tool(t, "go-fuzz")
	dir := t.TempDir()
	bin := buildFuzzer(t, dir)
	work := filepath.Join(dir, "work")
	// Two seeds, not the entry's whole seed list: the corpus must grow past
	// the seeds, which only the worker's new inputs can do, and past the
	// 390 committed seeds that takes coverage they lack, which 45 s on a
	// loaded runner does not always find (a CI run: 138,589 executions,
	// coverage flat); from two seeds the first inputs that add coverage
	// grow it within seconds.
	seeds, err := writeFirstSeeds(entry, filepath.Join(work, "corpus"), 2)
	if err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	coord := start(t, dir, "coordinator", fuzz, "-bin", bin, "-workdir", work, "-coordinator", addr)
	worker := start(t, dir, "worker", fuzz, "-bin", bin, "-func", entry, "-worker", addr, "-procs", "1")
	began := time.Now()
	deadline := began.Add(45 * time.Second)
	var last stats
	for {
		time.Sleep(500 * time.Millisecond)
		s, ok := lastStats(coord.out.String())
		if ok {
			last = s
		}
		if last.crashers > 0 {
			break
		}
		if last.workers >= 1 && last.execs >= 10000 && last.corpus > seeds && time.Since(began) >= 15*time.Second {
			break
		}
		select {
		case err := <-coord.done:
			t.Fatalf("the coordinator exited: %v\n%s", err, coord.out.String())
		case err := <-worker.done:
			t.Fatalf("the worker exited: %v\n%s\ncoordinator:\n%s", err, worker.out.String(), coord.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %+v, want 1 worker, 10000 executions and a corpus past %d seeds\ncoordinator:\n%s\nworker:\n%s",
				time.Since(began).Round(time.Second), last, seeds, coord.out.String(), worker.out.String())
		}
	}
	worker.stop()
	coord.stop()
	if last.crashers > 0 {
		t.Fatalf("go-fuzz found %d crashers of %s:\n%s", last.crashers, entry, crashers(t, work))
	}
	if last.workers != 1 {
		t.Errorf("%d workers, want 1", last.workers)
	}
	t.Logf("%v: %+v (seeds %d)", time.Since(began).Round(time.Second), last, seeds)
}

// crashers prints what go-fuzz left in workdir/crashers: each input,
// quoted, and its output.
func crashers(t *testing.T, work string) string {
	var b bytes.Buffer
	files, _ := filepath.Glob(filepath.Join(work, "crashers", "*"))
	for _, f := range files {
		if filepath.Ext(f) == ".quoted" || filepath.Ext(f) == ".output" {
			data, err := os.ReadFile(f)
			if err != nil && !errors.Is(err, io.EOF) {
				t.Log(err)
			}
			fmt.Fprintf(&b, "== %s\n%s\n", filepath.Base(f), data)
		}
	}
	return b.String()
}

// TestClusterFuzzLiteBuild runs scripts/libfuzzer-check.sh: the
// ClusterFuzzLite build.sh with clang++ standing in for the builder's
// compiler and a temporary OUT, then every libFuzzer binary it made for 3 s
// on its seeds. It needs Debian's clang (make fuzz-tools installs it).
func TestClusterFuzzLiteBuild(t *testing.T) {
	if _, err := exec.LookPath("clang++"); err != nil {
		t.Fatal("clang++ is not on PATH: apt-get install -y clang (make fuzz-tools)")
	}
	tool(t, "go-fuzz-build")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "scripts/libfuzzer-check.sh", "3")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("scripts/libfuzzer-check.sh 3: %v\n%s", err, out)
	}
	for _, entry := range EntryPoints() {
		if !regexp.MustCompile(`(?m)^libfuzzer-check: ` + entry + `: \d+ runs in \d+ s, [1-9]\d* exec/s`).Match(out) {
			t.Errorf("%s did not run:\n%s", entry, out)
		}
	}
	for _, line := range regexp.MustCompile(`(?m)^libfuzzer-check: .*$`).FindAll(out, -1) {
		t.Log(string(line))
	}
}

// writeFirstSeeds writes the seeds of entry into dir (WriteCorpus) and
// keeps the first n of them by name; it returns how many it kept.
func writeFirstSeeds(entry, dir string, n int) (int, error) {
	if _, err := WriteCorpus(entry, dir); err != nil {
		return 0, err
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	for _, f := range files[min(n, len(files)):] {
		if err := os.Remove(filepath.Join(dir, f.Name())); err != nil {
			return 0, err
		}
	}
	return min(n, len(files)), nil
}
