//go:build planted

package main

import (
	"strings"
	"testing"
)

// --config names one of the comparison's configurations, and takes the
// place of --engines and --seeds: a name it lacks, or either flag beside
// it, is a usage error before any work.
func TestEfficacyConfigIsCheckedFirst(t *testing.T) {
	checkFlagErrors(t, []flagErrorCase{
		{[]string{"efficacy", "--config", "fast"}, `--config "fast": want one of seeds, withheld, no-generated, libfuzzer-dict, libfuzzer-nodict, libfuzzer-dict-no-generated, libfuzzer-nodict-no-generated`, nil},
		{[]string{"efficacy", "--config", "withheld", "--engines", "libfuzzer"}, "--config withheld sets --engines", nil},
		{[]string{"efficacy", "--config", "seeds", "--seeds", "both"}, "--config seeds sets --seeds", nil},
		{[]string{"efficacy", "--seeds", "none"}, `--seeds "none": want both, committed or withheld`, nil},
	})
	for name, cfg := range efficacyConfigs {
		if !strings.Contains(strings.Join(efficacyConfigNames(), " "), name) || cfg.engine == "" {
			t.Errorf("configuration %s: not listed, or no engine", name)
		}
	}
}
