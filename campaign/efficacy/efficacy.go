// Package efficacy measures the suite as FuzzBench and Magma measure a
// fuzzer: time to a known bug, not coverage. For each planted fault
// (fuzz/planted) it runs the real campaign pipeline (package campaign:
// the native engine on the fault's fuzz target, built with the planted
// tag and bound to the fault through fuzz/native's CANONFUZZ_PLANTED,
// every failure handed as bytes to the campaign's Reducer and recorded
// as a vector) and reports whether the fault was found within the
// budget, the seconds and executions to the first failure, whether a
// seed or the engine found it, the minimized size and whether the
// signature was kept. Each fault runs with the committed seeds and with
// the seeds withheld (the engine from an empty corpus), for each budget
// and repetition asked.
//
// The package does not link the planted faults: its caller (the planted
// build of cmd/canonfuzz, `go run -tags planted ./cmd/canonfuzz
// efficacy`) hands it each fault's binding.
package efficacy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/gofuzz"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/signer"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Fault is one planted fault, as the caller binds it.
type Fault struct {
	Name    string       // spec.Variant.Name: FuzzX/what-is-planted
	Fault   string       // what is planted, for people
	Binding spec.Binding // the fault's target bound to it
	Seeds   []seeds.Seed // what its planted build adds with committed seeds, in order (spec.Variant.AllSeeds)
}

// FaultNamed is the planted fault of the spec.Variant so named
// (FuzzX/what-is-planted), its target bound to it and with its seeds, or
// an error saying there is none or why it cannot be bound.
func FaultNamed(name string) (Fault, error) {
	v, ok := spec.LookupVariant(name)
	if !ok {
		return Fault{}, fmt.Errorf("no planted fault %q", name)
	}
	b, err := v.Binding()
	if err != nil {
		return Fault{}, err
	}
	list, err := v.AllSeeds()
	if err != nil {
		return Fault{}, err
	}
	return Fault{Name: v.Name(), Fault: v.Fault, Binding: b, Seeds: list}, nil
}

// Config says what to measure.
type Config struct {
	Root     string          // the module root
	Faults   []Fault         //
	Budgets  []time.Duration // fuzzing time per run; each fault runs once per budget, mode and repetition
	Repeats  int             // runs per budget and mode (native Go fuzzing has no seed flag: a repetition is a fresh run)
	Withhold bool            // also run every fault with the seeds withheld (the engine from an empty corpus)
	// WithheldOnly runs every fault with the seeds withheld alone (a
	// configuration of the comparison, canonfuzz efficacy --config).
	WithheldOnly bool
	// Reading "raw" runs the planted builds with the generated reading off
	// (fuzz/spec's CANONFUZZ_READING=raw); "" with it, as shipped.
	Reading  string
	Workdir  string        // test binaries, scratch folders, logs, the vectors the runs write
	Minimize time.Duration // bound of each minimization
	Progress io.Writer     // a line per run; nil is quiet

	// Engines are EngineNative and EngineLibFuzzer, EngineLibFuzzerDict
	// (libFuzzer with campaign/json.dict); default native alone. The
	// libFuzzer engines run the planted build of the go-fuzz entry points
	// in LibFuzzerBin (GO_FUZZ_TAGS=planted scripts/libfuzzer-build.sh),
	// once per seed of EngineSeeds (libFuzzer's -seed) in place of
	// Repeats; a fault whose target has no entry point is not run there.
	Engines      []string
	LibFuzzerBin string
	EngineSeeds  []int64
}

// The engines Measure runs a fault on.
const (
	EngineNative        = "native"
	EngineLibFuzzer     = "libfuzzer"
	EngineLibFuzzerDict = "libfuzzer+dict"
)

// Run is one fault's run under one budget and seed mode.
type Run struct {
	Name    string  `json:"name"`
	Engine  string  `json:"engine"` // EngineNative, EngineLibFuzzer, EngineLibFuzzerDict
	Seed    int64   `json:"engine_seed,omitempty"`
	Target  string  `json:"target"`
	Area    string  `json:"area"`              // admit, jcs, digest, bound/glob, bound/canonicalization, bound/meet, bound/parse, guard
	Seeds   string  `json:"seeds"`             // campaign.SeedsCommitted or SeedsWithheld
	Reading string  `json:"reading,omitempty"` // "raw": the generated reading off
	Budget  float64 `json:"budget_seconds"`
	Repeat  int     `json:"repeat"`
	Found   bool    `json:"found"`
	Status  string  `json:"status"` // the campaign's status of the target's run
	Seconds float64 `json:"seconds"`
	Execs   int64   `json:"executions"`
	By      string  `json:"by,omitempty"` // seed or engine
	// Signature is the failure's, MinimizedBytes the size of its minimized
	// payload, SignatureKept that the minimized input signs the same.
	Signature      string `json:"signature,omitempty"`
	MinimizedBytes int    `json:"minimized_bytes"`
	SignatureKept  bool   `json:"signature_kept"`
	DocumentBytes  int    `json:"document_bytes,omitempty"`
	Vector         string `json:"vector,omitempty"`
	// RealPasses is false when the real target fails on the input too:
	// a fault of the real target, not the planted one, so not a find.
	RealPasses bool   `json:"real_target_passes"`
	Detail     string `json:"detail,omitempty"`
	Log        string `json:"log,omitempty"`
}

// Report is every run, as efficacy.json holds it.
type Report struct {
	Started time.Time `json:"started"`
	Seconds float64   `json:"seconds"`
	Budgets []string  `json:"budgets"`
	Repeats int       `json:"repeats"`
	CPUs    int       `json:"cpus"`
	Runs    []Run     `json:"runs"`
}

// Unfound lists the faults (with their engine, for a libFuzzer run) that
// no run with the committed seeds found, and those whose failure lost its
// signature through minimizing: what makes the benchmark fail. A run with
// the seeds withheld that misses is a measurement of the engine alone,
// listed by Missed, not a failure.
func (r *Report) Unfound() []string {
	found := map[string]bool{}
	var keys []string
	for _, run := range r.Runs {
		k := run.key()
		if _, seen := found[k]; !seen {
			keys = append(keys, k)
			found[k] = false
		}
		if run.Seeds == campaign.SeedsWithheld && !r.committed(k) {
			found[k] = true // a run with the seeds withheld alone measures the engine, never fails the benchmark
		}
		if run.Seeds == campaign.SeedsCommitted && run.Found {
			found[k] = true
		}
	}
	var out []string
	for _, k := range keys {
		lost := false
		for _, run := range r.Runs {
			if run.key() == k && run.Found && !run.SignatureKept {
				lost = true
			}
		}
		if !found[k] || lost {
			out = append(out, k)
		}
	}
	return out
}

// committed is whether a run of key k had the committed seeds.
func (r *Report) committed(k string) bool {
	for _, run := range r.Runs {
		if run.key() == k && run.Seeds == campaign.SeedsCommitted {
			return true
		}
	}
	return false
}

// Missed lists the runs that did not find their fault.
func (r *Report) Missed() []Run {
	var out []Run
	for _, run := range r.Runs {
		if !run.Found || !run.SignatureKept {
			out = append(out, run)
		}
	}
	return out
}

// Measure runs every fault as Config says and writes efficacy.json and
// efficacy.md into out. The error is for a benchmark that could not run;
// a fault not found is in the Report (Unfound, Missed).
func Measure(ctx context.Context, cfg Config, out string) (*Report, error) {
	if len(cfg.Faults) == 0 || len(cfg.Budgets) == 0 {
		return nil, errors.New("efficacy: no faults or no budgets")
	}
	cfg.Repeats = max(cfg.Repeats, 1)
	if cfg.Minimize <= 0 {
		cfg.Minimize = 20 * time.Second
	}
	var patterns []string
	for _, f := range cfg.Faults {
		p := "./" + f.Binding.Target().Dir
		if !slices.Contains(patterns, p) {
			patterns = append(patterns, p)
		}
	}
	targets, binaries, err := campaign.Discover(ctx, cfg.Root, filepath.Join(cfg.Workdir, "bin"), patterns, []string{"planted"}, campaign.Registry())
	if err != nil {
		return nil, err
	}
	rep := &Report{Started: time.Now().UTC(), Repeats: cfg.Repeats, CPUs: cpus()}
	for _, b := range cfg.Budgets {
		rep.Budgets = append(rep.Budgets, b.String())
	}
	modes := []string{campaign.SeedsCommitted}
	switch {
	case cfg.WithheldOnly:
		modes = []string{campaign.SeedsWithheld}
	case cfg.Withhold:
		modes = append(modes, campaign.SeedsWithheld)
	}
	if len(cfg.Engines) == 0 {
		cfg.Engines = []string{EngineNative}
	}
	d := &campaign.Discovery{Targets: targets, Binaries: binaries}
	for _, budget := range cfg.Budgets {
		for _, engine := range cfg.Engines {
			seeds := make([]int64, cfg.Repeats)
			if engine != EngineNative {
				seeds = cfg.EngineSeeds
			}
			for repeat, seed := range seeds {
				for _, f := range cfg.Faults {
					if engine != EngineNative && !hasEntryPoint(f) {
						continue
					}
					for _, mode := range modes {
						if err := ctx.Err(); err != nil {
							return rep, err
						}
						run := measureOne(ctx, cfg, f, engine, seed, mode, budget, repeat+1, d)
						rep.Runs = append(rep.Runs, run)
						if cfg.Progress != nil {
							fmt.Fprintf(cfg.Progress, "efficacy: %-75s %-14s %-9s %5s #%d: %s\n", f.Name, engine, mode, budget, repeat+1, run.line())
						}
					}
				}
			}
		}
	}
	rep.Seconds = time.Since(rep.Started).Seconds()
	return rep, rep.write(out)
}

// measureOne runs the campaign on one fault.
func measureOne(ctx context.Context, cfg Config, f Fault, engine string, seed int64, mode string, budget time.Duration, repeat int, d *campaign.Discovery) Run {
	t := f.Binding.Target()
	run := Run{Name: f.Name, Engine: engine, Seed: seed, Target: t.Name, Area: Area(t), Seeds: mode, Budget: budget.Seconds(), Repeat: repeat}
	work := filepath.Join(cfg.Workdir, "runs", strings.ReplaceAll(f.Name, "/", "_"), fmt.Sprintf("%s-%s-%s-%d", engine, mode, budget, repeat))
	if err := os.RemoveAll(work); err != nil {
		run.Detail = err.Error()
		return run
	}
	st := signer.ForBinding(f.Binding)
	env := []string{"CANONFUZZ_PLANTED=" + f.Name}
	if mode == campaign.SeedsWithheld {
		env = append(env, "CANONFUZZ_SEEDS=withheld")
	}
	if cfg.Reading != "" {
		env = append(env, "CANONFUZZ_READING="+cfg.Reading)
		run.Reading = cfg.Reading
	}
	cc := campaign.Config{
		Root: cfg.Root, Targets: []string{t.Name}, Time: budget, Workers: 1, Workdir: work,
		Tags: []string{"planted"}, Env: env, Seeds: mode, Scratch: true, Discovered: d,
		SeedValues: func(campaign.Job) ([]seeds.Seed, error) { return f.Seeds, nil },
		Minimize: campaign.Reducer{Out: filepath.Join(work, "findings"),
			Options: findings.Request{Time: cfg.Minimize},
			Signer:  func(campaign.Job) (*signer.Replay, error) { return st, nil },
			Comment: func(campaign.Job, findings.Input) string { return "planted fault " + f.Name + ": " + f.Fault }},
	}
	if engine != EngineNative {
		cc.Engine, cc.Bin, cc.EngineSeed, cc.Dict = campaign.EngineLibFuzzer, cfg.LibFuzzerBin, seed, "none"
		if engine == EngineLibFuzzerDict {
			cc.Dict = filepath.Join(cfg.Root, "campaign", "json.dict")
		}
	}
	rep, err := campaign.Run(ctx, cc)
	if err != nil {
		run.Detail = err.Error()
		return run
	}
	res := rep.Results[0]
	run.Status, run.Log = res.Status, res.Log
	if len(res.Failures) == 0 {
		run.Seconds, run.Execs, run.Detail = res.Seconds, res.Execs, res.Detail
		return run
	}
	fail := res.Failures[0]
	run.Seconds, run.Execs, run.By = fail.Seconds, fail.Execs, fail.By
	if fail.Vector != nil {
		run.Signature, run.MinimizedBytes, run.SignatureKept = fail.Vector.Signature, fail.Vector.Bytes, fail.Vector.Kept
		run.DocumentBytes, run.Vector = fail.Vector.DocumentBytes, fail.Vector.Path
	}
	if fail.Error != "" {
		run.Detail = "not minimized: " + fail.Error
	}
	run.RealPasses = realPasses(st, t, fail.Copy)
	run.Found = fail.Vector != nil && run.RealPasses
	return run
}

// hasEntryPoint reports whether the fault's target has a go-fuzz and
// libFuzzer entry point.
func hasEntryPoint(f Fault) bool {
	return slices.Contains(gofuzz.EntryPoints(), f.Binding.Target().Name)
}

// realPasses reports whether the real target passes the failing input
// kept at path: only then is the failure the planted fault's.
func realPasses(st *signer.Replay, t *spec.Target, path string) bool {
	read, _, err := minimize.ReadValues(path)
	if err != nil {
		return false
	}
	values, err := st.Values(read)
	if err != nil {
		return false
	}
	return t.Real().Check(property.Input(values)) == nil
}

// Area is the part of the suite a target tests: its area, and for bound
// the part (glob, canonicalization, meet, parse) its file names.
func Area(t *spec.Target) string {
	if t.Area != "bound" {
		return t.Area
	}
	for _, p := range []struct{ file, part string }{{"glob", "glob"}, {"argcanon", "canonicalization"}, {"meet", "meet"}, {"parse", "parse"}} {
		if strings.HasPrefix(t.File, p.file) {
			return "bound/" + p.part
		}
	}
	return "bound"
}

func (r Run) line() string {
	if !r.Found {
		s := fmt.Sprintf("NOT FOUND (%s) in %.1f s, %d executions", r.Status, r.Seconds, r.Execs)
		if r.Detail != "" {
			s += ": " + firstLine(r.Detail)
		}
		return s
	}
	return fmt.Sprintf("found by %s in %.1f s, %d executions; %s minimized to %d bytes, signature kept %v",
		r.By, r.Seconds, r.Execs, r.Signature, r.MinimizedBytes, r.SignatureKept)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func (r *Report) write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return campaign.WriteReport(dir, "efficacy.json", "efficacy.md", r, r.Markdown())
}
