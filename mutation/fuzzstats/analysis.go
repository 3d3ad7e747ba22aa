package fuzzstats

import (
	"fmt"
	"slices"
)

// UnitSurvival is one configuration's survival on one unit.
type UnitSurvival struct {
	Unit     string
	Survival Survival
	// FindExecs is the median of the finds' executions (the lower middle
	// of an even count), -1 with no find: reported beside the times, not
	// estimated (an unfound trial's count says nothing of a find's).
	FindExecs int64
}

// ConfigSurvival is one configuration's survival on each unit and on
// every unit's trials pooled.
type ConfigSurvival struct {
	Name   string
	Source string
	Budget float64
	Units  []UnitSurvival
	Pooled Survival
}

// Analysis is the configurations' survival and every pair compared on
// each unit both ran and on those units' trials pooled.
type Analysis struct {
	Configs []ConfigSurvival
	Units   []string // every unit, in first-seen order
	Pairs   []Comparison
}

// Analyze estimates each configuration's survival and compares every
// pair. Two configurations of one name are an error.
func Analyze(configs []Config) (*Analysis, error) {
	a := &Analysis{}
	seen := map[string]bool{}
	for _, c := range configs {
		if seen[c.Name] {
			return nil, fmt.Errorf("fuzzstats: two configurations named %q", c.Name)
		}
		seen[c.Name] = true
		cs := ConfigSurvival{Name: c.Name, Source: c.Source, Budget: c.Budget}
		var all []Trial
		for _, u := range c.Units {
			sv, err := KaplanMeier(c.Trials[u])
			if err != nil {
				return nil, fmt.Errorf("fuzzstats: %s, %s: %w", c.Name, u, err)
			}
			cs.Units = append(cs.Units, UnitSurvival{u, sv, findExecs(c.Trials[u])})
			all = append(all, c.Trials[u]...)
			if !slices.Contains(a.Units, u) {
				a.Units = append(a.Units, u)
			}
		}
		sv, err := KaplanMeier(all)
		if err != nil {
			return nil, fmt.Errorf("fuzzstats: %s: %w", c.Name, err)
		}
		cs.Pooled = sv
		a.Configs = append(a.Configs, cs)
	}
	for i := range configs {
		for j := i + 1; j < len(configs); j++ {
			pairs, err := comparePair(configs[i], configs[j])
			if err != nil {
				return nil, err
			}
			a.Pairs = append(a.Pairs, pairs...)
		}
	}
	return a, nil
}

// comparePair compares x and y on each unit both ran, then on those
// units' trials pooled (Unit ""); nothing when they share no unit.
func comparePair(x, y Config) ([]Comparison, error) {
	var out []Comparison
	var px, py []Trial
	for _, u := range x.Units {
		ty, ok := y.Trials[u]
		if !ok {
			continue
		}
		c, err := Compare(x.Trials[u], ty)
		if err != nil {
			return nil, fmt.Errorf("fuzzstats: %s against %s on %s: %w", x.Name, y.Name, u, err)
		}
		c.A, c.B, c.Unit = x.Name, y.Name, u
		out = append(out, c)
		px, py = append(px, x.Trials[u]...), append(py, ty...)
	}
	if len(out) == 0 {
		return nil, nil
	}
	c, err := Compare(px, py)
	if err != nil {
		return nil, fmt.Errorf("fuzzstats: %s against %s: %w", x.Name, y.Name, err)
	}
	c.A, c.B = x.Name, y.Name
	return append([]Comparison{c}, out...), nil
}

// curves are the configurations' curves on unit ("" for the pooled
// trials of every unit), those that ran it.
func (a *Analysis) curves(unit string) []Curve {
	var out []Curve
	for _, c := range a.Configs {
		if unit == "" {
			out = append(out, Curve{c.Name, c.Pooled, c.Budget})
			continue
		}
		for _, u := range c.Units {
			if u.Unit == unit {
				out = append(out, Curve{c.Name, u.Survival, c.Budget})
			}
		}
	}
	return out
}

// findExecs is the lower median of the found trials' executions, or -1.
func findExecs(ts []Trial) int64 {
	var xs []int64
	for _, t := range ts {
		if t.Found {
			xs = append(xs, t.Execs)
		}
	}
	if len(xs) == 0 {
		return -1
	}
	slices.Sort(xs)
	return xs[(len(xs)-1)/2]
}
