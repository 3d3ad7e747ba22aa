package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/findings"
)

func init() {
	commands["campaign"] = command{
		summary: "fuzz every target for a bounded time and write campaign.json and campaign.md",
		run:     runCampaign,
	}
}

// runCampaign is `canonfuzz campaign [--engine native|gofuzz|libfuzzer]
// [--time PER_TARGET] [--targets LIST] [--parallel N] [--workdir DIR]
// [--out DIR] [--from DIR] [--seed N]`: every engine's failures go through
// the same pipeline (the failing bytes to the minimizer, the vector to
// findings/). Exit 0 when no target found a new failure, 1 when one did
// (or hung, or crashed), 2 when the campaign could not run.
func runCampaign(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("campaign", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engine := fs.String("engine", campaign.EngineNative, "native (go test -fuzz), gofuzz (scripts/gofuzz-cluster.sh) or libfuzzer (the binaries of make libfuzzer)")
	per := fs.Duration("time", 20*time.Second, "fuzzing time per target")
	from := fs.String("from", "", "gofuzz, libfuzzer: take the crashers an earlier run left in DIR (DIR/ENTRY if it exists) instead of running the engine")
	bin := fs.String("bin", "work/libfuzzer", "libfuzzer: the folder of the libFuzzer binaries (scripts/libfuzzer-build.sh)")
	seed := fs.Int64("seed", 0, "libfuzzer: the engine's -seed (0: libFuzzer picks one)")
	workers := fs.Int("workers", 0, "fuzzing workers per target (0: the CPUs shared among --parallel targets)")
	list := fs.String("targets", "", "comma-separated fuzz targets or package names (admit, jcs, ...); default all")
	parallel := fs.Int("parallel", 1, "targets fuzzed at once; the CPUs are shared among them")
	workdir := fs.String("workdir", "work/campaign", "binaries, logs and the corpus kept between campaigns")
	out := fs.String("out", "", "where campaign.json, campaign.md and failing inputs go (default: the workdir)")
	found := fs.String("findings", "findings", "where failures become regression vectors")
	minTime := fs.Duration("minimize-time", time.Minute, "time to minimize each failure")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 || *per <= 0 || *parallel < 1 || *workers < 0 {
		fmt.Fprintln(stderr, "canonfuzz campaign: want positive --time and --parallel and no arguments")
		return exitUsage
	}
	if *from != "" && *engine == campaign.EngineNative {
		fmt.Fprintln(stderr, "canonfuzz campaign: --from takes go-fuzz or libFuzzer crashers: give --engine gofuzz or libfuzzer")
		return exitUsage
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz campaign: %v\n", err)
		return exitUsage
	}
	var names []string
	for _, n := range strings.Split(*list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := campaign.Config{Root: root, Engine: *engine, Targets: names, Time: *per, Parallel: *parallel, Workers: *workers,
		Workdir: absUnder(root, *workdir), Out: absUnder(root, *out), Progress: stdout,
		From: absUnder(root, *from), Bin: absUnder(root, *bin), EngineSeed: *seed,
		Minimize: campaign.Reducer{Out: absUnder(root, *found), Options: findings.Request{Time: *minTime}}}
	rep, err := campaign.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz campaign: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "\n%s", rep.Markdown())
	if rep.NewFailures() > 0 {
		return exitRefused
	}
	return exitOK
}

// moduleRoot is the directory of the go.mod that the working directory is in.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run the campaign from inside the canonfuzz module")
	}
	return filepath.Dir(gomod), nil
}

func absUnder(root, path string) string {
	if path == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(root, path)
}
