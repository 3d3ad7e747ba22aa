package campaign

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
)

// Report is a whole campaign, as campaign.json holds it.
type Report struct {
	Started   time.Time `json:"started"`
	Engine    string    `json:"engine"`
	Seeds     string    `json:"seeds"`
	Seconds   float64   `json:"seconds"`
	PerTarget string    `json:"per_target"`
	Parallel  int       `json:"parallel"`
	Workers   int       `json:"workers_per_target"`
	GoVersion string    `json:"go_version"`
	CPUs      int       `json:"cpus"`
	Results   []Result  `json:"targets"`
}

// NewFailures counts the failures whose signature no vector had before,
// and every target that hung or crashed. A target that overran (Overruns)
// is not a failure: the engine ran out of its budget, typically on a
// loaded machine, and found nothing.
func (r *Report) NewFailures() int {
	n := 0
	for _, res := range r.Results {
		switch res.Status {
		case StatusHung, StatusCrashed:
			n++
		case StatusFailed:
			for _, f := range res.Failures {
				if f.New {
					n++
				}
			}
		}
	}
	return n
}

// Overruns lists the targets whose engine overran its budget.
func (r *Report) Overruns() []string {
	var out []string
	for _, res := range r.Results {
		if res.Status == StatusOverran {
			out = append(out, res.Target)
		}
	}
	return out
}

// write writes campaign.json, campaign.md and campaign.sarif into
// cfg.Out.
func (r *Report) write(cfg Config, targets []Job) error {
	dir := cfg.Out
	if err := WriteReport(dir, "campaign.json", "campaign.md", r, r.Markdown()); err != nil {
		return fmt.Errorf("campaign: %w", err)
	}
	if err := sarif.Write(filepath.Join(dir, SARIFFile), r.SARIF(cfg.Root, targets)); err != nil {
		return fmt.Errorf("campaign: %w", err)
	}
	return nil
}

// Markdown renders the report as campaign.md: a table per target, then
// each failure with the vector it became.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Fuzz campaign, %s\n\n", r.Started.Format(time.RFC3339))
	fmt.Fprintf(&b, "%d targets (engine %s, seeds %s), %s each, %d at a time with %d workers each, on %d CPUs with %s; %.0f s in all; %d new failures.\n\n",
		len(r.Results), r.Engine, r.Seeds, r.PerTarget, r.Parallel, r.Workers, r.CPUs, r.GoVersion, r.Seconds, r.NewFailures())
	if o := r.Overruns(); len(o) > 0 {
		fmt.Fprintf(&b, "Overran their budget without a failing input (not failures; see each log): %s.\n\n", strings.Join(o, ", "))
	}
	b.WriteString("| target | package | status | execs | execs/s | corpus growth | corpus | failures |\n")
	b.WriteString("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, res := range r.Results {
		fmt.Fprintf(&b, "| `%s` | `%s` | %s | %d | %.0f | %d | %d | %d |\n", res.Target,
			strings.TrimPrefix(res.Package, "github.com/canonfuzz/canonfuzz/"), res.Status, res.Execs,
			res.ExecsPerSecond, res.NewInteresting, res.CorpusTotal, len(res.Failures))
	}
	for _, res := range r.Results {
		if res.Detail != "" {
			fmt.Fprintf(&b, "\n## `%s`: %s\n\n%s\n", res.Target, res.Status, res.Detail)
		}
		for _, f := range res.Failures {
			fmt.Fprintf(&b, "\n## `%s`: failure\n\n- found by the %s after %.1f s, about %d executions\n- input: `%s` (%s)\n", res.Target, f.By, f.Seconds, f.Execs, f.Input, f.Format)
			if f.Seed != "" {
				fmt.Fprintf(&b, "- seed: `%s`\n", f.Seed)
			}
			if f.Copy != "" {
				fmt.Fprintf(&b, "- bytes: `%s`\n", f.Copy)
			}
			if f.Vector != nil {
				state := "known signature"
				if f.New {
					state = "new"
				}
				kept := "kept"
				if !f.Vector.Kept {
					kept = "NOT kept (was `" + f.Vector.Before + "`)"
				}
				fmt.Fprintf(&b, "- signature: `%s` (%s), %s through minimizing\n- vector: `%s` (%d bytes)\n", f.Vector.Signature, state, kept, f.Vector.Path, f.Vector.Bytes)
				if f.Vector.Document != "" {
					fmt.Fprintf(&b, "- document: `%s` (%d bytes)\n", f.Vector.Document, f.Vector.DocumentBytes)
				}
			}
			if f.Error != "" {
				fmt.Fprintf(&b, "- not minimized: %s\n", f.Error)
			}
			if f.Message != "" {
				fmt.Fprintf(&b, "\n```\n%s\n```\n", f.Message)
			}
		}
	}
	return b.String()
}
