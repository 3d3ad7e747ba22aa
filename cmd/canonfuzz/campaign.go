//go:build lab || planted

package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/internal/modroot"
)

func init() {
	register(&command{
		name:    "campaign",
		summary: "fuzz every target for a bounded time and write campaign.json and campaign.md",
		synopsis: []string{"campaign [--engine native|gofuzz|libfuzzer] [--time PER_TARGET] [--targets LIST] [--parallel N] [--workers N] " +
			"[--workdir DIR] [--out DIR] [--findings DIR] [--minimize-time D] [--from DIR] [--bin DIR] [--seed N]"},
		define: campaignCommand,
	})
}

// campaignCommand is `canonfuzz campaign`: every engine's failures go
// through the same pipeline (the failing bytes to the minimizer, the
// vector to findings/). Exit 0 when no target found a new failure, 1 when
// one did (or hung, or crashed), 2 when the campaign could not run: a
// usage error, or an input it could not read or a folder it could not
// write (--from, --workdir, --bin, a crasher file), which is never a
// finding.
func campaignCommand(fs *flag.FlagSet) body {
	engine := fs.String("engine", campaign.EngineNative, "native (go test -fuzz), gofuzz (scripts/gofuzz-cluster.sh) or libfuzzer (the binaries of make libfuzzer)")
	per := fs.Duration("time", 20*time.Second, "fuzzing time per target")
	from := fs.String("from", "", "gofuzz, libfuzzer: take the crashers an earlier run left in DIR (DIR/ENTRY if it exists) instead of running the engine")
	bin := fs.String("bin", "work/libfuzzer", "libfuzzer: the folder of the libFuzzer binaries (scripts/libfuzzer-build.sh)")
	seed := fs.Int64("seed", 0, "libfuzzer: the engine's -seed (0: libFuzzer picks one)")
	workers := fs.Int("workers", 0, "fuzzing workers per target (0: the CPUs shared among --parallel targets)")
	list := fs.String("targets", "", "comma-separated fuzz targets or package names (admit, jcs, ...); default all")
	parallel := fs.Int("parallel", 1, "targets fuzzed at once; the CPUs are shared among them")
	workdir := fs.String("workdir", "work/campaign", "binaries, logs and the corpus kept between campaigns")
	out := fs.String("out", "", "where campaign.json, campaign.md, campaign.sarif and failing inputs go (default: the workdir)")
	found := fs.String("findings", "findings", "where failures become regression vectors")
	minTime := fs.Duration("minimize-time", time.Minute, "time to minimize each failure")
	return func(c *call, _ []string) int {
		switch {
		case *engine != campaign.EngineNative && *engine != campaign.EngineGoFuzz && *engine != campaign.EngineLibFuzzer:
			return c.usageError("--engine %q: want native, gofuzz or libfuzzer", *engine)
		case *per <= 0:
			return c.usageError("--time %v: want a positive duration", *per)
		case *parallel < 1:
			return c.usageError("--parallel %d: want at least 1", *parallel)
		case *workers < 0:
			return c.usageError("--workers %d: want 0 (the CPUs shared) or more", *workers)
		case *minTime < 0:
			return c.usageError("--minimize-time %v is negative", *minTime)
		case *from != "" && *engine == campaign.EngineNative:
			return c.usageError("--from takes go-fuzz or libFuzzer crashers: give --engine gofuzz or libfuzzer")
		}
		root, err := moduleRoot()
		if err != nil {
			return c.fail("%v", err)
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
			Workdir: absUnder(root, *workdir), Out: absUnder(root, *out), Progress: c.stdout,
			From: absUnder(root, *from), Bin: absUnder(root, *bin), EngineSeed: *seed,
			Minimize: campaign.Reducer{Out: absUnder(root, *found), Options: findings.Request{Time: *minTime}}}
		rep, err := campaign.Run(ctx, cfg)
		if err != nil {
			return c.fail("%v", err)
		}
		fmt.Fprintf(c.stdout, "\n%s", rep.Markdown())
		if rep.NewFailures() > 0 {
			return exitRefused
		}
		return exitOK
	}
}

// moduleRoot is the canonfuzz module's folder (modroot.Find), which the
// campaign and the efficacy benchmark build and write under.
func moduleRoot() (string, error) {
	root, err := modroot.Find()
	if err != nil {
		return "", fmt.Errorf("run the campaign from inside the canonfuzz module: %w", err)
	}
	return root, nil
}

func absUnder(root, path string) string {
	if path == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(root, path)
}
