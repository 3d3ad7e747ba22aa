//go:build lab || planted

package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/canonfuzz/canonfuzz/matrix"
)

func init() {
	register(&command{
		name:    "matrix",
		summary: "the differential study: every canonicalizer (or, with --guards, every guard) against every other",
		synopsis: []string{"matrix [--corpus DIR]... [--impl NAME=COMMAND]... [--builtin=false] [--guards] [--corners=false] [--seed N] [--limit N] " +
			"[--minimize-tries N] [--minimize-time D] [--out DIR] [--findings DIR] [--ext DIR] [--conformance DIR] [--reports DIR]"},
		define: matrixCommand,
	})
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// matrixCommand is `canonfuzz matrix`: it writes matrix.json, matrix.md and the SVG
// heat map under --out, progress on stderr. Exit 0 when the study ran
// (whatever it found), 1 when it ran but the reducer's wall-clock safety
// net stopped a reduction (the report is written, but another machine may
// write other bytes), 2 on a usage error or an implementation that does
// not start.
func matrixCommand(fs *flag.FlagSet) body {
	var corpora, impls listFlag
	fs.Var(&corpora, "corpus", "a folder of inputs to add, each file one input (repeatable)")
	fs.Var(&impls, "impl", "NAME=COMMAND: an external implementation speaking the subprocess protocol (repeatable)")
	guards := fs.Bool("guards", false, "run the guard study (SEP-3246 check) instead of the canonicalizer study")
	out := fs.String("out", "work/matrix", "the folder the report is written to")
	seed := fs.Uint64("seed", matrix.DefaultSeed, "the seed of the generated corpus")
	limit := fs.Int("limit", 0, "use only this many generated inputs, spread over the corpus (0: all); with --guards, the number of chains drawn (0: 300)")
	ext := fs.String("ext", "", "also run the external implementations listed in this folder's "+matrix.ExtList+", e.g. "+matrix.ExtDir)
	builtin := fs.Bool("builtin", true, "run the built-in implementations besides those of --impl")
	corners := fs.Bool("corners", true, "with --guards, add the named corners of the meet (every ordered pair of operators over operands related by each canonicalization step) to the drawn chains")
	var budget matrix.Budget
	fs.IntVar(&budget.Tries, "minimize-tries", matrix.DefaultTries, "the reducer's budget per finding or guard class, in candidates tried: the same result on any machine")
	fs.DurationVar(&budget.Time, "minimize-time", matrix.DefaultSafetyNet, "the reducer's wall-clock safety net per finding or guard class; a reduction it stops is reported and the exit status is 1")
	findingsDir := fs.String("findings", "", "write a finding per departure (from canonfuzz/jcs, or from the guard model) under this folder, e.g. findings/study")
	conformance := fs.String("conformance", "", "also write the corpus as a JCS conformance suite (y_/n_/i_ cases, expected outputs, README, every implementation's results) under this folder, e.g. docs/study/conformance")
	reports := fs.String("reports", "", "with --findings, write a ready-to-file report per departure of another implementation under this folder, e.g. docs/study/reports")
	return func(c *call, _ []string) int {
		for _, im := range impls {
			if _, _, err := matrix.ParseImplFlag(im); err != nil {
				return c.usageError("%v", err)
			}
		}
		switch {
		case *limit < 0:
			return c.usageError("--limit %d is negative", *limit)
		case budget.Tries < 0:
			return c.usageError("--minimize-tries %d is negative", budget.Tries)
		case budget.Time < 0:
			return c.usageError("--minimize-time %v is negative", budget.Time)
		case *reports != "" && *findingsDir == "":
			return c.usageError("--reports needs --findings (a report is written per finding)")
		case *guards && (*ext != "" || *conformance != "" || *reports != ""):
			return c.usageError("--ext, --conformance and --reports are for the canonicalizer study, not --guards")
		}
		o := matrixFlags{corpora, impls, *guards, *out, *seed, *limit, *builtin, *corners, budget, *findingsDir, *ext, *conformance, *reports}
		return runMatrix(c, o, c.commandLine())
	}
}

// matrixFlags are the values of matrix's flags.
type matrixFlags struct {
	corpora, impls   []string
	guards           bool
	out              string
	seed             uint64
	limit            int
	builtin, corners bool
	budget           matrix.Budget
	findingsDir      string
	ext              string
	conformance      string
	reports          string
}

// runMatrix runs the study the flags describe.
func runMatrix(c *call, f matrixFlags, command string) int {
	stdout, stderr := c.stdout, c.stderr
	if f.guards {
		return runGuardMatrix(matrix.GuardOptions{Seed: f.seed, Chains: f.limit, Corners: f.corners, Budget: f.budget}, f.builtin, f.impls, f.out, f.findingsDir, command, stdout, stderr)
	}
	inputs := matrix.Spread(matrix.Generate(f.seed), f.limit)
	for _, dir := range f.corpora {
		in, err := matrix.ReadCorpus(dir)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
		inputs = append(inputs, in...)
	}
	var all []matrix.Impl
	defer func() { matrix.CloseAll(all) }()
	if f.builtin {
		b, err := matrix.OpenBuiltin()
		all = append(all, b...)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
	}
	for _, flag := range f.impls {
		im, err := matrix.OpenExternal(flag)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
		all = append(all, im)
	}
	if f.ext != "" {
		e, err := matrix.OpenExt("", f.ext)
		all = append(all, e...)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
	}
	if len(all) < 2 {
		fmt.Fprintln(stderr, "canonfuzz matrix: a differential needs at least two implementations")
		return exitUsage
	}
	rep, results := matrix.Study(inputs, all, f.seed, stderr)
	if err := rep.Write(f.out, command); err != nil {
		fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
		return exitUsage
	}
	if f.conformance != "" {
		cases, err := matrix.ConformanceCases(inputs)
		if err == nil {
			err = matrix.WriteConformance(f.conformance, cases, matrix.Judge(results, cases, command))
		}
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
	}
	fired := 0
	if f.findingsDir != "" {
		fo := matrix.FindingsOptions{Dir: f.findingsDir, Command: command, Budget: f.budget, Progress: stderr}
		paths, n, err := matrix.RecordCanonicalizerFindings(results, fo)
		fired = n
		if err == nil && f.reports != "" {
			_, err = matrix.WriteReports(f.reports, results, paths)
		}
		if err == nil {
			var more []string
			more, err = matrix.RecordPartialFindings(rep, results, fo)
			paths = append(paths, more...)
		}
		if err == nil {
			var targets []string
			for _, im := range all {
				if im.Name != matrix.OursName {
					targets = append(targets, matrix.ShortName(im.Name))
				}
			}
			err = pruneFindings(f.findingsDir, targets, paths, stdout)
		}
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "matrix: %d findings under %s\n", len(paths), f.findingsDir)
	}
	fmt.Fprintf(stdout, "%s\n", rep.Summary(f.out))
	return safetyNetStatus(fired, stderr)
}

// pruneFindings removes the vectors of targets this run did not write.
func pruneFindings(dir string, targets, written []string, stdout io.Writer) error {
	removed, err := matrix.PruneFindings(dir, targets, written)
	for _, p := range removed {
		fmt.Fprintf(stdout, "matrix: removed %s, which this run no longer finds\n", p)
	}
	return err
}

// safetyNetStatus is the exit status of a study whose reducer's safety
// net stopped fired reductions.
func safetyNetStatus(fired int, stderr io.Writer) int {
	if fired == 0 {
		return exitOK
	}
	fmt.Fprintf(stderr, "canonfuzz matrix: the wall-clock safety net stopped %d reductions: their examples depend on this machine's speed; raise --minimize-time (or lower --minimize-tries) and run again\n", fired)
	return exitRefused
}

// runGuardMatrix is canonfuzz matrix --guards: our bound.Check and every
// guard of --impl on the generated chains, judged by the exact model.
func runGuardMatrix(opts matrix.GuardOptions, builtin bool, impls []string, out, findingsDir, command string, stdout, stderr io.Writer) int {
	if opts.Chains <= 0 {
		opts.Chains = matrix.DefaultChains
	}
	var names []string
	var guards []matrix.Guard
	defer func() {
		for _, g := range guards {
			g.Close()
		}
	}()
	if builtin {
		names, guards = append(names, matrix.OursGuardName), append(guards, matrix.OursGuard{})
	}
	for _, flag := range impls {
		name, g, err := matrix.OpenExternalGuard(flag)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
		names, guards = append(names, name), append(guards, g)
	}
	if len(guards) == 0 {
		fmt.Fprintln(stderr, "canonfuzz matrix: --guards with no guard to run")
		return exitUsage
	}
	rep := matrix.RunGuards(matrix.GenerateProbes(opts.Seed, opts.Chains, opts.Corners), names, guards, opts, stderr)
	if err := rep.Write(out, command); err != nil {
		fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
		return exitUsage
	}
	if findingsDir != "" {
		paths, err := matrix.RecordGuardFindings(rep, matrix.FindingsOptions{Dir: findingsDir, Command: command, Budget: opts.Budget})
		if err == nil {
			var targets []string
			for _, n := range names {
				if n != matrix.OursGuardName {
					targets = append(targets, matrix.ShortName(n))
				}
			}
			err = pruneFindings(findingsDir, targets, paths, stdout)
		}
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz matrix: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "matrix: %d findings under %s\n", len(paths), findingsDir)
	}
	for _, ir := range rep.Implementations {
		fmt.Fprintf(stdout, "matrix: guard %s: %d probes, %d unsound, %d over-restrictive, %d undecided, %d breakdowns, %d classes\n",
			ir.Name, rep.Probes, ir.Unsound, ir.OverRestrictive, ir.Undecided, ir.Breakdowns, len(ir.Classes))
	}
	fmt.Fprintf(stdout, "matrix: report in %s\n", out)
	return safetyNetStatus(rep.SafetyNetFired(), stderr)
}
