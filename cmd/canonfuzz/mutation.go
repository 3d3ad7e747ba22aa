//go:build lab || planted

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
	merge := &command{
		name:     "mutation merge",
		summary:  "merge the reports of shards (or of the gremlins sweep) into one",
		synopsis: []string{"mutation merge [--out DIR] [--bundle FILE] REPORT.json..."},
		operands: operands{min: 1, max: -1},
		define:   mutationMergeCommand,
	}
	list := &command{
		name:     "mutation list",
		summary:  "list the refusal-site mutants of the target packages, one a line",
		synopsis: []string{"mutation list [--targets PATTERN]"},
		define:   mutationListCommand,
	}
	gremlins := &command{
		name:    "mutation gremlins",
		summary: "gremlins over the refusal lines of the packages, its report corrected",
		synopsis: []string{"mutation gremlins [--out DIR] [--work DIR] [--bin FILE] [--from FILE] [--timeout-coefficient N] " +
			"[--limit D] [--workers N] [--bundle FILE] [PACKAGE...]"},
		operands: operands{max: -1},
		define:   mutationGremlinsCommand,
	}
	stats := &command{
		name:     "mutation stats",
		summary:  "Kaplan-Meier time to the bug and configurations compared (Mann-Whitney U, A12) from efficacy.json or fuzz-score.json files",
		synopsis: []string{"mutation stats [--out DIR] LABEL=FILE..."},
		operands: operands{min: 1, max: -1},
		define:   mutationStatsCommand,
	}
	register(&command{
		name:    "mutation",
		summary: "the refusal-site mutation sweep of targets/, its shards, their merge and the gremlins sweep",
		synopsis: []string{"mutation [--quick] [--shard I/N] [--out DIR] [--work DIR] [--workers N] [--floor D] [--targets PATTERN] " +
			"[--equivalent FILE] [--bundle FILE] [--sample N --seed S] [--mutants REGEXP] " +
			"[--fuzz [--budget D] [--trials K] [--minimize-time D] [--all-killed]]",
			list.synopsis[0], gremlins.synopsis[0], merge.synopsis[0], stats.synopsis[0]},
		define:      mutationCommand,
		subcommands: []*command{list, gremlins, merge, stats},
	})
}

// mutationCommand is `canonfuzz mutation`: the sweep (or a quick sweep, or
// one shard of it), written to DIR as report.json, report.md, report.sarif and
// report.html. Exit 0 when no refusal-site mutant survives or is uncovered
// and the equivalent list has no stale entry, 1 otherwise, 2 on a usage or
// setup error.
func mutationCommand(fs *flag.FlagSet) body {
	quick := fs.Bool("quick", false, "one mutant of every refusal kind of every target, against the target's own tests")
	shard := fs.String("shard", "", "run shard I of N (1-based), as I/N")
	out := fs.String("out", "work/mutation", "folder for report.json, report.md, report.html and report.sarif")
	work := fs.String("work", "work/mutation-work", "scratch folder: overlays, test binaries, the coverage cache")
	workers := fs.Int("workers", 2, "mutants run at once")
	floor := fs.Duration("floor", 15*time.Second, "the least time a run of tests gets before it is a Timeout")
	targets := targetsFlag(fs)
	equivalent := fs.String("equivalent", "mutation/equivalent.txt", "the reviewed list of equivalent mutants")
	bundle := bundleFlag(fs)
	fz := defineFuzzFlags(fs)
	return func(c *call, _ []string) int {
		opts := mutation.Options{Work: *work, Workers: *workers, Floor: *floor, Quick: *quick, Log: c.stderr}
		switch {
		case *workers < 0:
			return c.usageError("--workers %d is negative", *workers)
		case *floor <= 0:
			return c.usageError("--floor %v: want a positive duration", *floor)
		}
		if code, ok := fz.apply(c, &opts); !ok {
			return code
		}
		if *shard != "" {
			i, n, ok := parseShard(*shard)
			if !ok {
				return c.usageError("--shard %q: want I/N with 1 <= I <= N", *shard)
			}
			opts.Shard, opts.Shards = i, n
		}
		eq, err := mutation.ReadEquivalents(*equivalent)
		if err != nil {
			return c.fail("%v", err)
		}
		opts.Equivalent = eq
		start := time.Now()
		plan, err := loadPlan(strings.Fields(*targets)...)
		if err != nil {
			return c.fail("%v", err)
		}
		sw, err := plan.Run(opts)
		if err != nil {
			return c.fail("%v", err)
		}
		if fz.fuzz {
			return fz.run(c, sw, *out, *bundle, *workers)
		}
		rep := sw.Report()
		wall := time.Since(start)
		rep.Config["wallSeconds"] = int(wall.Seconds())
		note := fmt.Sprintf("Wall time %s with %d workers on %d cores.", wall.Round(time.Second), *workers, numCPU())
		if err := rep.WriteAll(*out, *bundle, mutation.MarkdownOptions{Command: c.commandLine(), Note: note}); err != nil {
			return c.fail("%v", err)
		}
		return verdict(rep, c.stdout, opts.Shards <= 1 && !opts.Quick, filepath.Join(*out, "report.md"))
	}
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

// bundleFlag declares --bundle, the same flag of every mutation command
// that writes report.html (the sweep, merge and gremlins).
func bundleFlag(fs *flag.FlagSet) *string {
	return fs.String("bundle", mutationBundle, "the mutation-testing-elements bundle inlined in report.html")
}

// targetsFlag declares --targets, the same flag of the sweep and of
// mutation list: package patterns, space-separated, for loadPlan.
func targetsFlag(fs *flag.FlagSet) *string {
	return fs.String("targets", "./targets/...", "package patterns of the targets to mutate, space-separated")
}

// loadPlan loads the packages of the module here that the patterns name
// and plans their refusal-site mutants: the sweep, mutation list and
// mutation gremlins start alike.
func loadPlan(patterns ...string) (*mutation.Plan, error) {
	mod, err := mutation.Load(".", patterns...)
	if err != nil {
		return nil, err
	}
	return mutation.NewPlan(mod), nil
}

func mutationMergeCommand(fs *flag.FlagSet) body {
	out := fs.String("out", "work/mutation", "folder for the merged report.json, report.md, report.html and report.sarif")
	bundle := bundleFlag(fs)
	return func(c *call, paths []string) int {
		var reps []*mutation.Report
		for _, path := range paths {
			r, err := mutation.ReadReport(path)
			if err != nil {
				return c.fail("%v", err)
			}
			reps = append(reps, r)
		}
		merged, err := mutation.Merge(reps...)
		if err != nil {
			return c.fail("%v", err)
		}
		if err := merged.WriteAll(*out, *bundle, mutation.MarkdownOptions{Command: c.commandLine()}); err != nil {
			return c.fail("%v", err)
		}
		if err := mergeFuzzScores(paths, *out, *bundle, c.commandLine()); err != nil {
			return c.fail("%v", err)
		}
		return verdict(merged, c.stdout, true, filepath.Join(*out, "report.md"))
	}
}

func mutationListCommand(fs *flag.FlagSet) body {
	targets := targetsFlag(fs)
	return func(c *call, _ []string) int {
		plan, err := loadPlan(strings.Fields(*targets)...)
		if err != nil {
			return c.fail("%v", err)
		}
		for _, m := range plan.Mutants {
			fmt.Fprintf(c.stdout, "%s\t%s\t%s:%d\t%s\n", m.ID, m.Site.Kind, m.Site.File.Rel, m.Line(), m.Description)
		}
		fmt.Fprintf(c.stderr, "%d sites, %d mutants\n", len(plan.Sites), len(plan.Mutants))
		return exitOK
	}
}

func numCPU() int { return runtime.NumCPU() }

// mutationGremlinsCommand is `canonfuzz mutation gremlins`: gremlins over the
// refusal lines of the packages (all eleven mutators), its JSON corrected,
// written as a report of its own to merge with the refusal-site sweep's.
func mutationGremlinsCommand(fs *flag.FlagSet) body {
	out := fs.String("out", "work/mutation-gremlins", "folder for report.json, report.md and report.html of the gremlins sweep")
	work := fs.String("work", "work/mutation-work", "scratch folder")
	bin := fs.String("bin", "bin/gremlins", "the pinned gremlins binary (make mutation-tools)")
	from := fs.String("from", "", "correct this gremlins --output file instead of running gremlins")
	coefficient := fs.Int("timeout-coefficient", 0, "gremlins' --timeout-coefficient (0: its default)")
	limit := fs.Duration("limit", 10*time.Minute, "the longer limit a time-out is re-run with")
	workers := fs.Int("workers", 0, "gremlins' --workers (0: its default)")
	bundle := bundleFlag(fs)
	return func(c *call, pkgs []string) int {
		return runGremlins(c, pkgs, gremlinsFlags{*out, *work, *bin, *from, *coefficient, *limit, *workers, *bundle})
	}
}

// gremlinsFlags are the values of mutation gremlins' flags.
type gremlinsFlags struct {
	out, work, bin, from string
	coefficient          int
	limit                time.Duration
	workers              int
	bundle               string
}

// runGremlins runs (or reads) gremlins and corrects its report.
func runGremlins(c *call, pkgs []string, f gremlinsFlags) int {
	stdout, stderr := c.stdout, c.stderr
	if len(pkgs) == 0 {
		pkgs = []string{"./targets/admit", "./targets/jcs", "./targets/digest", "./targets/bound", "./targets/guard"}
	}
	fail := c.fail
	plan, err := loadPlan(pkgs...)
	if err != nil {
		return fail("%v", err)
	}
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	var res *mutation.GremlinsOutput
	var wall time.Duration
	if f.from != "" {
		res, err = mutation.ReadGremlins(f.from)
	} else {
		res, wall, err = plan.RunGremlins(mutation.GremlinsRun{Binary: f.bin, Packages: pkgs, Work: f.work, Coefficient: f.coefficient, Workers: f.workers, Log: logf})
	}
	if err != nil {
		return fail("%v", err)
	}
	start := time.Now()
	ms, raw, notes, err := plan.CorrectGremlins(res, mutation.GremlinsOptions{Work: f.work, Limit: f.limit, Log: logf})
	if err != nil {
		return fail("%v", err)
	}
	rep := plan.GremlinsReport(ms, raw, notes, wall, time.Since(start))
	if err := rep.WriteAll(f.out, f.bundle, mutation.MarkdownOptions{Command: c.commandLine()}); err != nil {
		return fail("%v", err)
	}
	m := mutation.Count(ms)
	fmt.Fprintf(stdout, "gremlins: %d mutants in %s; as reported %v; corrected: %d killed, %d timed out, %d survived, %d no coverage, %d compile errors; %s\n",
		m.TotalMutants, wall.Round(time.Second), raw, m.Killed, m.Timeout, m.Survived, m.NoCoverage, m.CompileErrors, filepath.Join(f.out, "report.md"))
	return exitOK
}
