package fuzzstats

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// Config is one configuration's trials: a unit (a planted fault, a
// mutant) to its trials, in the order the file first names the units.
type Config struct {
	Name   string
	Source string // the file read
	Budget float64
	Units  []string
	Trials map[string][]Trial
}

func (c *Config) add(unit string, t Trial) {
	if c.Trials == nil {
		c.Trials = map[string][]Trial{}
	}
	if _, ok := c.Trials[unit]; !ok {
		c.Units = append(c.Units, unit)
	}
	c.Trials[unit] = append(c.Trials[unit], t)
	c.Budget = max(c.Budget, t.Seconds)
}

// efficacyFile is what fuzzstats reads of efficacy.json (campaign/efficacy's
// Report): a run is a trial of its fault.
type efficacyFile struct {
	Runs []struct {
		Name    string  `json:"name"`
		Engine  string  `json:"engine"`
		Seeds   string  `json:"seeds"`
		Reading string  `json:"reading"`
		Budget  float64 `json:"budget_seconds"`
		Found   bool    `json:"found"`
		Seconds float64 `json:"seconds"`
		Execs   int64   `json:"executions"`
	} `json:"runs"`
}

// scoreFile is what fuzzstats reads of fuzz-score.json (mutation/fuzzscore's
// Score): a trial of a mutant, its seconds those of the killing target
// from its start, an unkilled trial censored at the budget.
type scoreFile struct {
	Budget  float64 `json:"budget_seconds"`
	Mutants []struct {
		ID     string `json:"id"`
		Trials []struct {
			Killed  bool    `json:"killed"`
			Seconds float64 `json:"seconds_to_kill"`
			Execs   int64   `json:"executions_to_kill"`
		} `json:"trials"`
	} `json:"mutants"`
}

// Read reads the configurations of one file, efficacy.json or
// fuzz-score.json, under label: one configuration when the file's runs
// share an engine, a seed mode, a reading and a budget (named label),
// else one per combination (named label and the combination).
func Read(label, path string) ([]Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("fuzzstats: %s: %w", path, err)
	}
	switch {
	case probe["runs"] != nil:
		var f efficacyFile
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, fmt.Errorf("fuzzstats: %s: %w", path, err)
		}
		return readEfficacy(label, path, f)
	case probe["mutants"] != nil:
		var f scoreFile
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, fmt.Errorf("fuzzstats: %s: %w", path, err)
		}
		c := Config{Name: label, Source: path}
		for _, m := range f.Mutants {
			for _, t := range m.Trials {
				if t.Killed {
					c.add(m.ID, Trial{Seconds: t.Seconds, Found: true, Execs: t.Execs})
				} else {
					c.add(m.ID, Trial{Seconds: f.Budget})
				}
			}
		}
		c.Budget = max(c.Budget, f.Budget)
		return nonEmpty([]Config{c}, path)
	}
	return nil, fmt.Errorf("fuzzstats: %s is neither efficacy.json (runs) nor fuzz-score.json (mutants)", path)
}

func readEfficacy(label, path string, f efficacyFile) ([]Config, error) {
	byKey := map[string]*Config{}
	var keys []string
	for _, r := range f.Runs {
		key := strings.Join([]string{r.Engine, r.Seeds, r.Reading, fmt.Sprintf("%gs", r.Budget)}, " ")
		c := byKey[key]
		if c == nil {
			c = &Config{Source: path}
			byKey[key] = c
			keys = append(keys, key)
		}
		t := Trial{Seconds: r.Budget, Execs: r.Execs}
		if r.Found {
			t = Trial{Seconds: min(r.Seconds, r.Budget), Found: true, Execs: r.Execs}
		}
		c.add(r.Name, t)
		c.Budget = max(c.Budget, r.Budget)
	}
	out := make([]Config, 0, len(keys))
	for _, k := range keys {
		c := *byKey[k]
		c.Name = label
		if len(keys) > 1 {
			c.Name = label + " (" + strings.Join(strings.Fields(k), ", ") + ")"
		}
		out = append(out, c)
	}
	return nonEmpty(out, path)
}

func nonEmpty(cs []Config, path string) ([]Config, error) {
	cs = slices.DeleteFunc(cs, func(c Config) bool { return len(c.Units) == 0 })
	if len(cs) == 0 {
		return nil, fmt.Errorf("fuzzstats: %s holds no trial", path)
	}
	return cs, nil
}
