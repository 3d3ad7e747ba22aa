package campaign

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Who found a failure.
const (
	BySeed   = "seed"   // the engine's replay of the seed corpus (f.Add, testdata/fuzz)
	ByEngine = "engine" // an input the engine made
)

// Failure is one failing input a target reported. Every failure holds its
// input: the engine's file, a committed seed, or a seed added in code.
type Failure struct {
	By      string  `json:"by"`                // BySeed or ByEngine
	Input   string  `json:"input"`             // the engine's file, or FuzzX/seed#N for a seed added in code
	Format  string  `json:"format"`            // minimize.FormatGoTestFuzz, ..., findings.FormatSeed
	Seed    string  `json:"seed,omitempty"`    // the catalogue's name of a seed added in code
	Copy    string  `json:"copy,omitempty"`    // the input's bytes under Out
	Seconds float64 `json:"seconds"`           // from the target's start to the engine's first sign of it
	Execs   int64   `json:"executions"`        // the engine's executions by then (from its progress lines)
	Message string  `json:"message,omitempty"` // the first lines of the failure
	Vector  *Vector `json:"vector,omitempty"`
	New     bool    `json:"new"`
	Error   string  `json:"minimize_error,omitempty"`
}

// parseSeedFailure reads the line with which Go's engine reports a seed
// corpus entry that fails while it gathers its baseline coverage:
//
//	failure while testing seed corpus entry: FuzzX/seed#3
//	failure while testing seed corpus entry: FuzzX/9c2a1e0f3b7d5a44
func parseSeedFailure(line string) (string, bool) {
	_, rest, ok := strings.Cut(line, "failure while testing seed corpus entry: ")
	if !ok {
		return "", false
	}
	_, entry, ok := strings.Cut(strings.TrimSpace(rest), "/")
	return entry, ok && entry != ""
}

// readEngineFile reads a failing input an engine wrote, in any format
// minimize.ReadValues knows.
func readEngineFile(path string) (findings.Input, error) {
	values, format, err := minimize.ReadValues(path)
	if err != nil {
		return findings.Input{}, err
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return findings.Input{}, err
	}
	return findings.Input{Values: values, Format: format, Source: filepath.ToSlash(path), Raw: raw}, nil
}

// seedInput finds the input of a failing seed corpus entry: seed#N is the
// N-th seed the target added with f.Add (Config.SeedValues, by default the
// spec file's seeds, spec.SeedsOf, in the order fuzz/native adds them); any other
// entry is a file of the target's testdata/fuzz/FuzzX in dir.
func seedInput(cfg Config, t Job, dir, entry string) (findings.Input, error) {
	n, ok := strings.CutPrefix(entry, "seed#")
	if !ok {
		return readEngineFile(filepath.Join(dir, "testdata", "fuzz", t.Name, entry))
	}
	i, err := strconv.Atoi(n)
	if err != nil || i < 0 {
		return findings.Input{}, fmt.Errorf("campaign: %s: not a seed number", entry)
	}
	list, err := cfg.seedValues(t)
	if err != nil {
		return findings.Input{}, err
	}
	if i >= len(list) {
		return findings.Input{}, fmt.Errorf("campaign: %s/%s: the target adds %d seeds in code", t.Name, entry, len(list))
	}
	raw, err := minimize.MarshalValues(list[i].Values)
	if err != nil {
		return findings.Input{}, err
	}
	return findings.Input{Values: list[i].Values, Format: findings.FormatSeed, Raw: raw,
		Source: fmt.Sprintf("spec.SeedsOf(%q)[%d] %s", t.Name, i, list[i].Name)}, nil
}

func (cfg Config) seedValues(t Job) ([]seeds.Seed, error) {
	if cfg.SeedValues != nil {
		return cfg.SeedValues(t)
	}
	return spec.SeedsOf(t.Name)
}

// collect keeps a failing input's bytes under Out and hands them to the
// minimizer.
func collect(ctx context.Context, cfg Config, t Job, f Failure, in findings.Input) Failure {
	f.Format = in.Format
	if in.Format == findings.FormatSeed {
		_, f.Seed, _ = strings.Cut(in.Source, "] ")
	}
	name := filepath.Base(f.Input)
	if in.Format == findings.FormatSeed {
		name = strings.ReplaceAll(name, "#", "-")
	}
	f.Copy = filepath.Join(cfg.Out, "failures", t.Name, name)
	if err := os.MkdirAll(filepath.Dir(f.Copy), 0o755); err != nil {
		f.Error = err.Error()
		return f
	}
	if err := os.WriteFile(f.Copy, in.Raw, 0o644); err != nil {
		f.Error = err.Error()
		return f
	}
	if cfg.Minimize != nil {
		v, err := cfg.Minimize.Minimize(ctx, t, in)
		if err != nil {
			f.Error = err.Error()
		} else {
			f.Vector, f.New = &v, v.New
		}
	}
	return f
}
