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

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/campaign"
)

func init() {
	commands["campaign"] = command{
		summary: "fuzz every target for a bounded time and write campaign.json and campaign.md",
		run:     runCampaign,
	}
}

// runCampaign is `canonfuzz campaign [--time PER_TARGET] [--targets LIST]
// [--parallel N] [--workdir DIR] [--out DIR]`: exit 0 when no target found
// a new failure, 1 when one did (or hung, or crashed), 2 when the campaign
// could not run.
func runCampaign(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("campaign", flag.ContinueOnError)
	fs.SetOutput(stderr)
	per := fs.Duration("time", 20*time.Second, "fuzzing time per target")
	list := fs.String("targets", "", "comma-separated fuzz targets or package names (admit, jcs, ...); default all")
	parallel := fs.Int("parallel", 1, "targets fuzzed at once; the CPUs are shared among them")
	workdir := fs.String("workdir", "work/campaign", "binaries, logs and the corpus kept between campaigns")
	out := fs.String("out", "", "where campaign.json, campaign.md and failing inputs go (default: the workdir)")
	found := fs.String("findings", "findings", "where failures become regression vectors")
	minTime := fs.Duration("minimize-time", time.Minute, "time to minimize each failure")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 || *per <= 0 || *parallel < 1 {
		fmt.Fprintln(stderr, "canonfuzz campaign: want positive --time and --parallel and no arguments")
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
	cfg := campaign.Config{Root: root, Targets: names, Time: *per, Parallel: *parallel,
		Workdir: absUnder(root, *workdir), Out: absUnder(root, *out), Progress: stdout,
		Minimize: reducer{out: absUnder(root, *found), time: *minTime}}
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

// reducer hands a campaign's failing inputs to the minimizer and records
// each as a vector under findings/: one vector per signature, a repeat only
// adding to its count.
type reducer struct {
	out  string
	time time.Duration
}

func (r reducer) Minimize(ctx context.Context, t campaign.Target, input []byte, source string) (campaign.Vector, error) {
	rep, err := findings.Reduce(ctx, source, findings.Request{Target: t.Name, Time: r.time, Out: r.out,
		Comment: "found by canonfuzz campaign in " + t.Name})
	if err != nil {
		return campaign.Vector{}, err
	}
	return campaign.Vector{Path: rep.Path, Signature: string(rep.Result.Signature), New: !rep.Repeat}, nil
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
