package fuzzscore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/mutation"
)

// ReadScore reads a fuzz-score.json.
func ReadScore(path string) (*Score, error) {
	var sc Score
	if err := mutation.ReadJSON(path, &sc); err != nil {
		return nil, fmt.Errorf("fuzzscore: %w", err)
	}
	return &sc, nil
}

// Merge joins the scores of shards (mutation --fuzz --shard I/N) into one:
// the mutants of every shard, both sides tallied again over all of them,
// the earliest start, the shards' seconds summed (the work, not the wall
// time of shards run at once) and each shard's load. The shards must
// share a budget and a trial count, and no mutant may be in two.
func Merge(scores ...*Score) (*Score, error) {
	if len(scores) == 0 {
		return nil, fmt.Errorf("fuzzscore: no score to merge")
	}
	out := &Score{Started: scores[0].Started, Budget: scores[0].Budget, TrialsEach: scores[0].TrialsEach, CPUs: scores[0].CPUs}
	seen := map[string]int{}
	var commands, loads []string
	for i, sc := range scores {
		if sc.Budget != out.Budget || sc.TrialsEach != out.TrialsEach {
			return nil, fmt.Errorf("fuzzscore: score %d has a budget of %g s and %d trial(s), score 1 %g s and %d: not shards of one run",
				i+1, sc.Budget, sc.TrialsEach, out.Budget, out.TrialsEach)
		}
		for _, m := range sc.Mutants {
			if prev, dup := seen[m.ID]; dup {
				return nil, fmt.Errorf("fuzzscore: mutant %s is in scores %d and %d: overlapping shards", m.ID, prev, i+1)
			}
			seen[m.ID] = i + 1
			out.Mutants = append(out.Mutants, m)
		}
		if sc.Started.Before(out.Started) {
			out.Started = sc.Started
		}
		out.Seconds += sc.Seconds
		if sc.Command != "" {
			commands = append(commands, sc.Command)
		}
		if sc.Load != "" {
			loads = append(loads, sc.Load)
		}
	}
	slices.SortStableFunc(out.Mutants, func(a, b *Mutant) int { return strings.Compare(a.ID, b.ID) })
	out.Command = strings.Join(commands, "; ")
	out.Load = strings.Join(loads, "; ")
	out.tally()
	return out, nil
}

// WriteScore writes fuzz-score.json and summary.md into dir.
func (sc *Score) WriteScore(dir string) error {
	return campaign.WriteReport(dir, "fuzz-score.json", "summary.md", sc, sc.Summary())
}
