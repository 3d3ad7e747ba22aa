package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/mutation"
)

func init() {
	commands["mutation"] = command{
		summary: "the refusal-site mutation sweep of targets/, its shards, their merge and the gremlins sweep",
		run:     runMutation,
	}
}

const mutationUsage = `usage:
  canonfuzz mutation [--quick] [--shard I/N] [--out DIR] [--work DIR] [--workers N] [--floor D] [--targets PATTERN]
  canonfuzz mutation list [--targets PATTERN]
  canonfuzz mutation gremlins [--out DIR] [--work DIR] [--timeout-coefficient N] [PACKAGE...]
  canonfuzz mutation merge [--out DIR] REPORT.json...`

// runMutation is `canonfuzz mutation`: the sweep (or a quick sweep, or one
// shard of it), written to DIR as report.json, report.md and report.html.
// Exit 0 when no refusal-site mutant survives or is uncovered and the
// equivalent list has no stale entry, 1 otherwise, 2 on a usage or setup
// error.
func runMutation(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return runMutationMerge(args[1:], stdout, stderr)
		case "list":
			return runMutationList(args[1:], stdout, stderr)
		case "gremlins":
			return runMutationGremlins(args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("mutation", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, mutationUsage); fs.PrintDefaults() }
	quick := fs.Bool("quick", false, "one mutant of every refusal kind of every target, against the target's own tests")
	shard := fs.String("shard", "", "run shard I of N (1-based), as I/N")
	out := fs.String("out", "work/mutation", "folder for report.json, report.md and report.html")
	work := fs.String("work", "work/mutation-work", "scratch folder: overlays, test binaries, the coverage cache")
	workers := fs.Int("workers", 2, "mutants run at once")
	floor := fs.Duration("floor", 15*time.Second, "the least time a run of tests gets before it is a Timeout")
	targets := fs.String("targets", "./targets/...", "package patterns of the targets to mutate, space-separated")
	equivalent := fs.String("equivalent", "mutation/equivalent.txt", "the reviewed list of equivalent mutants")
	bundle := fs.String("bundle", mutationBundle, "the mutation-testing-elements bundle inlined in report.html")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "canonfuzz mutation: "+format+"\n", args...)
		return exitUsage
	}
	opts := mutation.Options{Work: *work, Workers: *workers, Floor: *floor, Quick: *quick, Log: stderr}
	if *shard != "" {
		i, n, ok := parseShard(*shard)
		if !ok {
			return fail("--shard %q: want I/N with 1 <= I <= N", *shard)
		}
		opts.Shard, opts.Shards = i, n
	}
	eq, err := mutation.ReadEquivalents(*equivalent)
	if err != nil {
		return fail("%v", err)
	}
	opts.Equivalent = eq
	start := time.Now()
	mod, err := mutation.Load(".", strings.Fields(*targets)...)
	if err != nil {
		return fail("%v", err)
	}
	plan := mutation.NewPlan(mod)
	sw, err := plan.Run(opts)
	if err != nil {
		return fail("%v", err)
	}
	rep := sw.Report()
	wall := time.Since(start)
	rep.Config["wallSeconds"] = int(wall.Seconds())
	note := fmt.Sprintf("Wall time %s with %d workers on %d cores.", wall.Round(time.Second), *workers, numCPU())
	if err := rep.WriteAll(*out, *bundle, mutation.MarkdownOptions{Command: "canonfuzz " + strings.Join(append([]string{"mutation"}, args...), " "), Note: note}); err != nil {
		return fail("%v", err)
	}
	return verdict(rep, stdout, opts.Shards <= 1 && !opts.Quick, filepath.Join(*out, "report.md"))
}

// verdict prints the totals and decides the exit code: any refusal-site
// mutant Survived or NoCoverage fails, and so does a stale equivalent entry
// when the sweep saw every mutant.
func verdict(rep *mutation.Report, stdout io.Writer, whole bool, md string) int {
	ms := rep.Mutants(mutation.SweepRefusal)
	m := mutation.Count(ms)
	fmt.Fprintf(stdout, "mutation: %d mutants: %d killed, %d timed out, %d survived, %d no coverage, %d compile errors, %d ignored; score %.1f%% (%d/%d); %s\n",
		m.TotalMutants, m.Killed, m.Timeout, m.Survived, m.NoCoverage, m.CompileErrors, m.Ignored,
		m.MutationScore, m.TotalDetected, m.TotalValid, md)
	code := exitOK
	for _, r := range ms {
		if r.Status == mutation.Survived || r.Status == mutation.NoCoverage {
			fmt.Fprintf(stdout, "  %s %s: %s\n", r.Status, r.ID, r.Description)
			code = exitRefused
		}
	}
	if stale, _ := rep.Config["staleEquivalents"].([]string); whole && len(stale) > 0 {
		for _, s := range stale {
			fmt.Fprintf(stdout, "  stale equivalent entry %s (names no mutant: review mutation/equivalent.txt)\n", s)
		}
		code = exitRefused
	}
	return code
}

func parseShard(s string) (int, int, bool) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	return i, n, ok && err1 == nil && err2 == nil && i >= 1 && i <= n
}

// mutationBundle is where `make mutation-deps` installs the pinned
// mutation-testing-elements.
const mutationBundle = "mutation/report/node_modules/mutation-testing-elements/dist/mutation-test-elements.js"

func runMutationMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutation merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "work/mutation", "folder for the merged report.json, report.md and report.html")
	bundle := fs.String("bundle", mutationBundle, "the mutation-testing-elements bundle inlined in report.html")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, mutationUsage)
		return exitUsage
	}
	var reps []*mutation.Report
	for _, path := range fs.Args() {
		r, err := mutation.ReadReport(path)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz mutation merge: %v\n", err)
			return exitUsage
		}
		reps = append(reps, r)
	}
	merged, err := mutation.Merge(reps...)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz mutation merge: %v\n", err)
		return exitUsage
	}
	cmdline := "canonfuzz mutation merge " + strings.Join(args, " ")
	if err := merged.WriteAll(*out, *bundle, mutation.MarkdownOptions{Command: cmdline}); err != nil {
		fmt.Fprintf(stderr, "canonfuzz mutation merge: %v\n", err)
		return exitUsage
	}
	return verdict(merged, stdout, true, filepath.Join(*out, "report.md"))
}

func runMutationList(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutation list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	targets := fs.String("targets", "./targets/...", "package patterns of the targets to mutate, space-separated")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	mod, err := mutation.Load(".", strings.Fields(*targets)...)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz mutation list: %v\n", err)
		return exitUsage
	}
	plan := mutation.NewPlan(mod)
	for _, m := range plan.Mutants {
		fmt.Fprintf(stdout, "%s\t%s\t%s:%d\t%s\n", m.ID, m.Site.Kind, m.Site.File.Rel, m.Line(), m.Description)
	}
	fmt.Fprintf(stderr, "%d sites, %d mutants\n", len(plan.Sites), len(plan.Mutants))
	return exitOK
}

func numCPU() int { return runtime.NumCPU() }

// runMutationGremlins is `canonfuzz mutation gremlins`: gremlins over the
// refusal lines of the packages (all eleven mutators), its JSON corrected,
// written as a report of its own to merge with the refusal-site sweep's.
func runMutationGremlins(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutation gremlins", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "work/mutation-gremlins", "folder for report.json, report.md and report.html of the gremlins sweep")
	work := fs.String("work", "work/mutation-work", "scratch folder")
	bin := fs.String("bin", "bin/gremlins", "the pinned gremlins binary (make mutation-tools)")
	from := fs.String("from", "", "correct this gremlins --output file instead of running gremlins")
	coefficient := fs.Int("timeout-coefficient", 0, "gremlins' --timeout-coefficient (0: its default)")
	limit := fs.Duration("limit", 10*time.Minute, "the longer limit a time-out is re-run with")
	workers := fs.Int("workers", 0, "gremlins' --workers (0: its default)")
	bundle := fs.String("bundle", mutationBundle, "the mutation-testing-elements bundle inlined in report.html")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	pkgs := fs.Args()
	if len(pkgs) == 0 {
		pkgs = []string{"./targets/admit", "./targets/jcs", "./targets/digest", "./targets/bound", "./targets/guard"}
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "canonfuzz mutation gremlins: "+format+"\n", args...)
		return exitUsage
	}
	mod, err := mutation.Load(".", pkgs...)
	if err != nil {
		return fail("%v", err)
	}
	plan := mutation.NewPlan(mod)
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	var res *mutation.GremlinsOutput
	var wall time.Duration
	if *from != "" {
		res, err = mutation.ReadGremlins(*from)
	} else {
		res, wall, err = plan.RunGremlins(mutation.GremlinsRun{Binary: *bin, Packages: pkgs, Work: *work, Coefficient: *coefficient, Workers: *workers, Log: logf})
	}
	if err != nil {
		return fail("%v", err)
	}
	start := time.Now()
	ms, raw, notes, err := plan.CorrectGremlins(res, mutation.GremlinsOptions{Work: *work, Limit: *limit, Log: logf})
	if err != nil {
		return fail("%v", err)
	}
	rep := plan.GremlinsReport(ms, raw, notes, wall, time.Since(start))
	cmdline := "canonfuzz mutation gremlins " + strings.Join(args, " ")
	if err := rep.WriteAll(*out, *bundle, mutation.MarkdownOptions{Command: cmdline}); err != nil {
		return fail("%v", err)
	}
	m := mutation.Count(ms)
	fmt.Fprintf(stdout, "gremlins: %d mutants in %s; as reported %v; corrected: %d killed, %d timed out, %d survived, %d no coverage, %d compile errors; %s\n",
		m.TotalMutants, wall.Round(time.Second), raw, m.Killed, m.Timeout, m.Survived, m.NoCoverage, m.CompileErrors, filepath.Join(*out, "report.md"))
	return exitOK
}
