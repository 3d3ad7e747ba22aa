//go:build lab || planted

package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/canonfuzz/canonfuzz/mutation/fuzzstats"
)

// mutationStatsCommand is `canonfuzz mutation stats`: each LABEL=FILE is
// a configuration's trials (efficacy.json or fuzz-score.json); it writes
// their Kaplan-Meier survival and every pair compared (mutation/fuzzstats)
// as stats.md, stats.json and stats.html. Exit 0, or 2 when a file cannot
// be read.
func mutationStatsCommand(fs *flag.FlagSet) body {
	out := fs.String("out", "work/fuzz-stats", "folder for stats.md, stats.json and stats.html")
	return func(c *call, operands []string) int {
		var configs []fuzzstats.Config
		for _, op := range operands {
			label, path, ok := strings.Cut(op, "=")
			if !ok || label == "" || path == "" {
				return c.usageError("%q is not LABEL=FILE", op)
			}
			cs, err := fuzzstats.Read(label, path)
			if err != nil {
				return c.fail("%v", err)
			}
			configs = append(configs, cs...)
		}
		a, err := fuzzstats.Analyze(configs)
		if err != nil {
			return c.fail("%v", err)
		}
		if err := a.Write(*out, c.commandLine()); err != nil {
			return c.fail("%v", err)
		}
		fmt.Fprintf(c.stdout, "%d configurations, %d units: %s\n", len(a.Configs), len(a.Units), filepath.Join(*out, "stats.html"))
		return exitOK
	}
}
