package campaign

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/gofuzz"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// gofuzzPackage is where the go-fuzz and libFuzzer entry points live.
const gofuzzPackage = "github.com/canonfuzz/canonfuzz/fuzz/gofuzz"

// entryPoints are the targets of a go-fuzz or libFuzzer campaign: the
// entry points of fuzz/gofuzz named in cfg.Targets, or all of them.
func entryPoints(cfg Config) ([]Job, error) {
	all := gofuzz.EntryPoints()
	names := cfg.Targets
	if len(names) == 0 {
		names = all
	}
	var out []Job
	for _, name := range names {
		if !slices.Contains(all, name) {
			return nil, fmt.Errorf("campaign: %s has no go-fuzz or libFuzzer entry point (have %s)", name, strings.Join(all, ", "))
		}
		out = append(out, Job{Package: gofuzzPackage, Dir: filepath.Join(cfg.Root, "fuzz", "gofuzz"), Name: name})
	}
	return out, nil
}

// runEntryPoint runs go-fuzz or libFuzzer on one entry point, or takes
// the crashers an earlier run left in cfg.From, and hands every crasher to
// the minimizer exactly as a native failure.
func runEntryPoint(ctx context.Context, cfg Config, t Job) Result {
	res := Result{Target: t.Name, Package: t.Package, Engine: cfg.Engine, Status: StatusOK}
	start := time.Now()
	var dir string
	if cfg.From != "" {
		dir = cfg.From
		if fi, err := os.Stat(filepath.Join(cfg.From, t.Name)); err == nil && fi.IsDir() {
			dir = filepath.Join(cfg.From, t.Name)
		}
		res.Detail = "crashers of an earlier run, in " + dir
	} else {
		var err error
		if dir, err = runEngine(ctx, cfg, t, &res); err != nil {
			return res.unread(err)
		}
	}
	files, err := Crashers(cfg.Engine, dir)
	if err != nil {
		return res.unread(err)
	}
	res.Seconds = time.Since(start).Seconds()
	if res.Log != "" {
		res.Execs = executedUnits(res.Log)
	}
	// Every crasher is read before any is minimized: one that cannot be
	// read leaves nothing recorded.
	inputs := make([]findings.Input, len(files))
	for i, path := range files {
		if inputs[i], err = readEngineFile(path); err != nil {
			return res.unread(fmt.Errorf("campaign: the crasher %s cannot be read: %w", path, err))
		}
	}
	for i, path := range files {
		in := inputs[i]
		res.Status = StatusFailed
		by := ByEngine
		if cfg.Engine == EngineLibFuzzer && cfg.From == "" && cfg.Seeds != SeedsWithheld && !logSays(res.Log, "INITED") {
			by = BySeed // it crashed while reading its seed corpus, before it mutated anything
		}
		res.Failures = append(res.Failures, collect(ctx, cfg, t,
			Failure{By: by, Input: path, New: true, Seconds: res.Seconds, Execs: res.Execs}, in))
	}
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, "%-40s %s (%s): %d crashers\n", t.Name, res.Status, cfg.Engine, len(res.Failures))
	}
	return res
}

// Crashers lists the failing inputs an engine left in dir: for go-fuzz,
// each input of dir/crashers (or dir) beside its NAME.output; for
// libFuzzer, every crash-*, leak-*, timeout-*, oom-* and slow-unit-* file.
func Crashers(engine, dir string) ([]string, error) {
	if engine != EngineGoFuzz && engine != EngineLibFuzzer {
		return nil, fmt.Errorf("campaign: the %s engine leaves no crasher files", engine)
	}
	if engine == EngineGoFuzz {
		if fi, err := os.Stat(filepath.Join(dir, "crashers")); err == nil && fi.IsDir() {
			dir = filepath.Join(dir, "crashers")
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("campaign: %w", err)
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() {
			continue
		}
		switch engine {
		case EngineGoFuzz:
			if strings.HasSuffix(name, ".output") || strings.HasSuffix(name, ".quoted") {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, name+".output")); err != nil {
				continue
			}
		case EngineLibFuzzer:
			if !minimize.IsLibFuzzerArtifact(name) {
				continue
			}
		}
		out = append(out, filepath.Join(dir, name))
	}
	sort.Strings(out)
	return out, nil
}

// runEngine runs go-fuzz (a coordinator and cfg.Workers workers, through
// scripts/gofuzz-cluster.sh) or the libFuzzer binary of the entry point
// (built by scripts/libfuzzer-build.sh into cfg.Bin) for cfg.Time, and
// returns the folder its crashers are in.
func runEngine(ctx context.Context, cfg Config, t Job, res *Result) (string, error) {
	work, err := filepath.Abs(filepath.Join(cfg.Workdir, cfg.Engine, t.Name))
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return "", err
	}
	res.Log = filepath.Join(work, "campaign.log")
	if err := os.MkdirAll(work, 0o755); err != nil {
		return "", err
	}
	secs := strconv.Itoa(max(1, int(cfg.Time.Seconds())))
	var cmd *exec.Cmd
	crashers := work
	dctx, cancel := context.WithTimeout(ctx, cfg.Time+cfg.Grace)
	defer cancel()
	switch cfg.Engine {
	case EngineGoFuzz:
		cmd = exec.CommandContext(dctx, filepath.Join(cfg.Root, "scripts", "gofuzz-cluster.sh"),
			"-t", secs, "-n", strconv.Itoa(cfg.Workers), "-w", work, t.Name)
		cmd.Dir = cfg.Root
	case EngineLibFuzzer:
		bin := filepath.Join(cfg.Bin, t.Name)
		if _, err := os.Stat(bin); err != nil {
			return "", fmt.Errorf("campaign: no libFuzzer binary %s: build it with make libfuzzer (scripts/libfuzzer-build.sh %s)", bin, cfg.Bin)
		}
		corpus := filepath.Join(work, "corpus")
		crashers = filepath.Join(work, "crashes")
		if cfg.Scratch {
			if err := os.RemoveAll(work); err != nil {
				return "", err
			}
		}
		for _, d := range []string{corpus, crashers} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return "", err
			}
		}
		if cfg.Seeds != SeedsWithheld {
			if _, err := gofuzz.WriteCorpus(t.Name, corpus); err != nil {
				return "", err
			}
		}
		args := []string{"-max_total_time=" + secs, "-artifact_prefix=" + crashers + "/", "-print_final_stats=1"}
		if cfg.EngineSeed != 0 {
			args = append(args, "-seed="+strconv.FormatInt(cfg.EngineSeed, 10))
		}
		switch dict := filepath.Join(cfg.Bin, t.Name+".dict"); {
		case cfg.Dict == "none":
		case cfg.Dict != "":
			args = append(args, "-dict="+cfg.Dict)
		case fileExists(dict):
			args = append(args, "-dict="+dict)
		}
		cmd = exec.CommandContext(dctx, bin, append(args, corpus)...)
		cmd.Dir = work
	}
	logFile, err := os.Create(res.Log)
	if err != nil {
		return "", err
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.Env = append(os.Environ(), cfg.Env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case dctx.Err() != nil && ctx.Err() == nil:
		res.Status, res.Detail = StatusHung, fmt.Sprintf("still running %s after its %s budget; killed; the log: %s", cfg.Grace, cfg.Time, res.Log)
	case err == nil:
	case errors.As(err, &exit):
		// go-fuzz-cluster exits 1 with crashers, libFuzzer non-zero on a
		// crash: the crashers say which; anything else is in the log.
		if exit.ExitCode() == 2 && cfg.Engine == EngineGoFuzz {
			return "", fmt.Errorf("campaign: scripts/gofuzz-cluster.sh could not run; the log: %s", res.Log)
		}
	default:
		return "", err
	}
	return crashers, nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// executedUnits is libFuzzer's count of executions from its final
// statistics (-print_final_stats=1), which it prints at the first crash
// as at the end of its time; 0 when the log has none.
func executedUnits(log string) int64 {
	data, err := os.ReadFile(log)
	if err != nil {
		return 0
	}
	var n int64
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "stat::number_of_executed_units: "); ok {
			n, _ = strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		}
	}
	return n
}

// logSays reports whether the log has a line containing s.
func logSays(log, s string) bool {
	data, err := os.ReadFile(log)
	return err == nil && strings.Contains(string(data), s)
}
