//go:build lab || planted

package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"time"

	"github.com/canonfuzz/canonfuzz/mutation"
	"github.com/canonfuzz/canonfuzz/mutation/fuzzscore"
)

// fuzzFlags are the flags of `canonfuzz mutation` that choose a sample of
// the mutants and have the fuzz targets judge them (--fuzz).
type fuzzFlags struct {
	fuzz       bool
	budget     time.Duration
	trials     int
	sample     int
	seed       int64
	mutants    string
	allKilled  bool
	minimizeIn time.Duration
}

func defineFuzzFlags(fs *flag.FlagSet) *fuzzFlags {
	f := &fuzzFlags{}
	fs.BoolVar(&f.fuzz, "fuzz", false, "have the fuzz targets judge the mutants (seeds withheld): the fuzzers' mutation score beside the tests'")
	fs.DurationVar(&f.budget, "budget", 10*time.Second, "with --fuzz: fuzzing time per target and trial")
	fs.IntVar(&f.trials, "trials", 1, "with --fuzz: independent trials of every mutant")
	fs.DurationVar(&f.minimizeIn, "minimize-time", 10*time.Second, "with --fuzz: bound of each kill's minimization")
	fs.BoolVar(&f.allKilled, "all-killed", false, "with --fuzz: exit 1 unless the fuzzers kill every mutant they judge (the smoke of make test)")
	fs.IntVar(&f.sample, "sample", 0, "keep N mutants drawn with --seed from those that type-check and are not equivalent")
	fs.Int64Var(&f.seed, "seed", 1, "the seed of --sample")
	fs.StringVar(&f.mutants, "mutants", "", "keep the mutants whose id matches this regular expression")
	return f
}

// apply checks the flags and sets the sweep's options: a sample, a
// filter, and for --fuzz the test binaries of the fuzz packages.
func (f *fuzzFlags) apply(c *call, opts *mutation.Options) (int, bool) {
	switch {
	case f.sample < 0:
		return c.usageError("--sample %d is negative", f.sample), false
	case f.budget <= 0:
		return c.usageError("--budget %v: want a positive duration", f.budget), false
	case f.trials < 1:
		return c.usageError("--trials %d: want at least 1", f.trials), false
	case f.minimizeIn <= 0:
		return c.usageError("--minimize-time %v: want a positive duration", f.minimizeIn), false
	case f.fuzz && opts.Quick:
		return c.usageError("--fuzz takes no --quick: the fuzz packages' binaries are not the quick sweep's"), false
	}
	if f.mutants != "" {
		re, err := regexp.Compile(f.mutants)
		if err != nil {
			return c.usageError("--mutants: %v", err), false
		}
		opts.Only = re
	}
	opts.Sample, opts.SampleSeed, opts.FuzzPackages = f.sample, f.seed, f.fuzz
	return 0, true
}

// run has the fuzz targets judge the mutants the sweep ran, and writes
// both reports, fuzz-score.json and summary.md into out.
func (f *fuzzFlags) run(c *call, sw *mutation.Sweep, out, bundle string, workers int) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	root, err := filepath.Abs(".")
	if err != nil {
		return c.fail("%v", err)
	}
	cfg := fuzzscore.Config{Root: root, Work: filepath.Join(sw.Opts.Work, "fuzz"), Budget: f.budget, Trials: f.trials,
		Workers: workers, Minimize: f.minimizeIn, Log: c.stderr}
	sc, err := fuzzscore.Measure(ctx, sw, cfg)
	if err != nil {
		return c.fail("%v", err)
	}
	sc.Command = c.commandLine()
	if err := sc.Write(out, bundle, sw, mutation.MarkdownOptions{Command: sc.Command}); err != nil {
		return c.fail("%v", err)
	}
	fmt.Fprintf(c.stdout, "mutation --fuzz: %s; %s\n", sc.Headline(), filepath.Join(out, "summary.md"))
	for _, id := range sc.BlindSpots {
		fmt.Fprintf(c.stdout, "  blind spot %s\n", id)
	}
	if f.allKilled && (sc.Fuzz.Killed < sc.Fuzz.Valid || sc.Fuzz.Invalid > 0 || sc.Fuzz.Valid == 0) {
		fmt.Fprintf(c.stdout, "mutation --fuzz: --all-killed: the fuzzers killed %d of %d mutants (%d not judged)\n", sc.Fuzz.Killed, sc.Fuzz.Valid, sc.Fuzz.Invalid)
		return exitRefused
	}
	return exitOK
}
