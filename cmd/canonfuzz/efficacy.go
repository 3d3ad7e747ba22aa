//go:build planted

package main

// The efficacy benchmark binds fuzz targets to planted faults (the test
// binaries it builds read CANONFUZZ_PLANTED only with the planted tag), so
// it exists only in the planted build: go run -tags planted ./cmd/canonfuzz
// efficacy (make efficacy). The product canonfuzz links no planted fault
// (TestShippedBinaryLinksNoPlantedCode).

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign/efficacy"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

func init() {
	register(&command{
		name:    "efficacy",
		summary: "run the campaign against each planted fault and write efficacy.json and efficacy.md (planted build only)",
		synopsis: []string{"efficacy [--budgets 10s,60s] [--repeat N] [--faults LIST] [--seeds both|committed|withheld] [--engines native,libfuzzer,libfuzzer+dict] " +
			"[--engine-seeds 1,2,3] [--libfuzzer-bin DIR] [--out DIR] [--workdir DIR] [--minimize-time D] [--config NAME]"},
		define: efficacyCommand,
	})
}

// efficacyCommand is `canonfuzz efficacy`: exit 0 when every fault was found
// with the committed seeds (in at least one run) and every failure found
// kept its signature, 1 when not, 2 when the benchmark could not run. A
// run with the seeds withheld that misses is reported, not a failure.
func efficacyCommand(fs *flag.FlagSet) body {
	f := &efficacyFlags{}
	fs.StringVar(&f.budgets, "budgets", "10s", "comma-separated fuzzing budgets per run")
	fs.IntVar(&f.repeat, "repeat", 1, "runs per fault, budget and seed mode (native Go fuzzing has no seed flag: each is a fresh run)")
	fs.StringVar(&f.list, "faults", "", "comma-separated planted faults (spec.Variant.Name); default spec.EfficacyFaults()")
	fs.StringVar(&f.seedModes, "seeds", "both", "both: committed seeds and withheld; committed or withheld: that one alone")
	fs.StringVar(&f.out, "out", "work/efficacy", "where efficacy.json and efficacy.md go")
	fs.StringVar(&f.workdir, "workdir", "work/efficacy", "test binaries, scratch folders, logs and vectors")
	fs.DurationVar(&f.minTime, "minimize-time", 20*time.Second, "time to minimize each failure")
	fs.StringVar(&f.engines, "engines", "native", "comma-separated: native, libfuzzer, libfuzzer+dict (campaign/json.dict)")
	fs.StringVar(&f.lfBin, "libfuzzer-bin", "work/libfuzzer-planted", "the planted libFuzzer builds: GO_FUZZ_TAGS=planted scripts/libfuzzer-build.sh DIR")
	fs.StringVar(&f.engineSeeds, "engine-seeds", "1,2,3", "libFuzzer's -seed, one run per seed (in place of --repeat)")
	config := fs.String("config", "", "one configuration of the comparison, in place of --engines and --seeds: "+strings.Join(efficacyConfigNames(), ", "))
	return func(c *call, _ []string) int {
		if *config != "" {
			cfg, ok := efficacyConfigs[*config]
			if !ok {
				return c.usageError("--config %q: want one of %s", *config, strings.Join(efficacyConfigNames(), ", "))
			}
			conflict := ""
			fs.Visit(func(fl *flag.Flag) {
				if fl.Name == "engines" || fl.Name == "seeds" {
					conflict = fl.Name
				}
			})
			if conflict != "" {
				return c.usageError("--config %s sets --%s: give one or the other", *config, conflict)
			}
			f.engines, f.seedModes, f.reading = cfg.engine, cfg.seeds, cfg.reading
		}
		return runEfficacy(c, *f)
	}
}

// efficacyFlags are the values of efficacy's flags.
type efficacyFlags struct {
	budgets     string
	repeat      int
	list        string
	seedModes   string
	out         string
	workdir     string
	minTime     time.Duration
	engines     string
	lfBin       string
	engineSeeds string
	reading     string
}

// efficacyConfig is one configuration of the comparison of
// docs/EFFICACY.md: an engine, a seed mode and a reading.
type efficacyConfig struct{ engine, seeds, reading string }

// efficacyConfigs are --config's configurations: the native engine with
// the committed seeds, with them withheld, withheld with the generated
// reading off; libFuzzer, withheld, with and without campaign/json.dict,
// with the generated reading and without.
var efficacyConfigs = map[string]efficacyConfig{
	"seeds":            {efficacy.EngineNative, "committed", ""},
	"withheld":         {efficacy.EngineNative, "withheld", ""},
	"no-generated":     {efficacy.EngineNative, "withheld", "raw"},
	"libfuzzer-dict":   {efficacy.EngineLibFuzzerDict, "withheld", ""},
	"libfuzzer-nodict": {efficacy.EngineLibFuzzer, "withheld", ""},
	// libFuzzer on the raw reading alone: what the dictionary buys where
	// the generated reading does not do its work.
	"libfuzzer-dict-no-generated":   {efficacy.EngineLibFuzzerDict, "withheld", "raw"},
	"libfuzzer-nodict-no-generated": {efficacy.EngineLibFuzzer, "withheld", "raw"},
}

func efficacyConfigNames() []string {
	return []string{"seeds", "withheld", "no-generated", "libfuzzer-dict", "libfuzzer-nodict", "libfuzzer-dict-no-generated", "libfuzzer-nodict-no-generated"}
}

// runEfficacy checks the flags and runs the benchmark.
func runEfficacy(c *call, f efficacyFlags) int {
	fail := c.usageError
	switch {
	case f.repeat < 1:
		return fail("--repeat %d: want at least 1", f.repeat)
	case f.seedModes != "both" && f.seedModes != "committed" && f.seedModes != "withheld":
		return fail("--seeds %q: want both, committed or withheld", f.seedModes)
	}
	var ds []time.Duration
	for _, s := range strings.Split(f.budgets, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil || d <= 0 {
			return fail("--budgets: %q is not a positive duration", s)
		}
		ds = append(ds, d)
	}
	var es []string
	for _, e := range strings.Split(f.engines, ",") {
		switch e = strings.TrimSpace(e); e {
		case efficacy.EngineNative, efficacy.EngineLibFuzzer, efficacy.EngineLibFuzzerDict:
			es = append(es, e)
		default:
			return fail("--engines: no engine %q (native, libfuzzer, libfuzzer+dict)", e)
		}
	}
	var seedList []int64
	for _, s := range strings.Split(f.engineSeeds, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || n <= 0 {
			return fail("--engine-seeds: %q is not a positive integer", s)
		}
		seedList = append(seedList, n)
	}
	names := spec.EfficacyFaults()
	if f.list != "" {
		names = strings.Split(f.list, ",")
	}
	var faults []efficacy.Fault
	for _, name := range names {
		fault, err := efficacy.FaultNamed(strings.TrimSpace(name))
		if err != nil {
			return fail("%v", err)
		}
		faults = append(faults, fault)
	}
	root, err := moduleRoot()
	if err != nil {
		return c.fail("%v", err)
	}
	if f.reading == "raw" {
		// The minimizer replays in this process: it reads as the fuzzing
		// processes do.
		spec.ReadRawOnly()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := efficacy.Measure(ctx, efficacy.Config{Root: root, Faults: faults, Budgets: ds, Repeats: f.repeat,
		Withhold: f.seedModes == "both", WithheldOnly: f.seedModes == "withheld", Reading: f.reading, Workdir: absUnder(root, f.workdir), Minimize: f.minTime, Progress: c.stderr,
		Engines: es, LibFuzzerBin: absUnder(root, f.lfBin), EngineSeeds: seedList}, absUnder(root, f.out))
	if err != nil {
		return c.fail("%v", err)
	}
	fmt.Fprint(c.stdout, rep.Markdown())
	if len(rep.Unfound()) > 0 {
		return exitRefused
	}
	return exitOK
}
