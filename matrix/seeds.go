package matrix

import (
	"fmt"
	"sort"
	"strings"
)

// SeedsStudyLibs are the seven libraries of the seeds' study (shared/seeds
// 002: seven RFC 8785 libraries in five languages, 440 inputs), by the
// names this study gives them, in that study's order.
var SeedsStudyLibs = []string{
	"npm/canonicalize@4.0.0",
	"cyberphone/json-canonicalization/python3",
	"pypi/jcs",
	"gowebpki/jcs@v1.0.1",
	"cyberphone/jsoncanonicalizer",
	"crates/serde_jcs",
	"maven/java-json-canonicalization",
}

// SeedsOriginal are the seeds' study's headline numbers, as it states them.
var SeedsOriginal = SeedsNumbers{
	Inputs: 440, AllAccepted: 426, Diverged: 20, Rate: 20.0 / 426,
	MinorityName: "serde_jcs", Minority: 20,
	Pairs: 42, Messages: 11754, FailureRate: 0.0187,
	WorstPair: &Pair{Signer: "cyberphone (Go)", Verifier: "serde_jcs", Messages: 147, Failures: 15, Rate: 15.0 / 147},
}

// SeedsNumbers are the headline numbers of a study of the seven libraries.
type SeedsNumbers struct {
	Inputs      int     `json:"inputs"`
	AllAccepted int     `json:"all_accepted"`
	Diverged    int     `json:"diverged"`
	Rate        float64 `json:"rate"` // Diverged / AllAccepted
	// MinorityName is the implementation alone against the rest most often,
	// and Minority how often; MinorityByCategory splits that count.
	MinorityName       string         `json:"minority_name"`
	Minority           int            `json:"minority"`
	MinorityByCategory map[string]int `json:"minority_by_category,omitempty"`
	Pairs              int            `json:"pairs"`
	Messages           int            `json:"messages"`
	Failures           int            `json:"failures"`
	FailureRate        float64        `json:"failure_rate"` // Failures / Messages
	WorstPair          *Pair          `json:"worst_pair"`
}

// SeedsReplication is this corpus run through the seeds' seven libraries
// alone, beside the seeds' own numbers.
type SeedsReplication struct {
	Implementations []string     `json:"implementations"`
	Original        SeedsNumbers `json:"original"`
	Here            SeedsNumbers `json:"here"`
}

// replicateSeeds analyzes the results of the seeds' seven libraries alone;
// nil when one of them is not in r.
func replicateSeeds(r Results, seed uint64) *SeedsReplication {
	sub := Results{Inputs: r.Inputs}
	for _, name := range SeedsStudyLibs {
		i := implIndex(r.Impls, name)
		if i < 0 {
			return nil
		}
		sub.Impls = append(sub.Impls, r.Impls[i])
		sub.Out = append(sub.Out, r.Out[i])
	}
	rep := Analyze(sub, seed, nil)
	d := rep.Differential
	here := SeedsNumbers{Inputs: rep.Inputs, AllAccepted: d.AllAccepted, Diverged: d.Diverged, Rate: d.Rate,
		Pairs: rep.HMAC.Pairs, Messages: rep.HMAC.Messages, Failures: rep.HMAC.Failures, FailureRate: rep.HMAC.Rate, WorstPair: rep.WorstPair}
	for _, ir := range rep.Implementations {
		if ir.Minority > here.Minority {
			here.MinorityName, here.Minority, here.MinorityByCategory = ir.Name, ir.Minority, ir.MinorityByCategory
		}
	}
	return &SeedsReplication{Implementations: SeedsStudyLibs, Original: SeedsOriginal, Here: here}
}

func implIndex(impls []Impl, name string) int {
	for i, im := range impls {
		if im.Name == name {
			return i
		}
	}
	return -1
}

// markdown is the replication's section of matrix.md.
func (s *SeedsReplication) markdown() string {
	var b strings.Builder
	b.WriteString("\n## The seeds' seven libraries alone\n\nThis corpus through the seven libraries of the seeds' study (" + strings.Join(s.Implementations, ", ") + "), beside that study's numbers (shared/seeds 002, its own corpus of 440 inputs).\n\n")
	b.WriteString("| | seeds' study | here |\n| --- | --- | --- |\n")
	o, h := s.Original, s.Here
	fmt.Fprintf(&b, "| inputs | %d | %d |\n", o.Inputs, h.Inputs)
	fmt.Fprintf(&b, "| accepted by all seven | %d | %d |\n", o.AllAccepted, h.AllAccepted)
	fmt.Fprintf(&b, "| of those, outputs not all equal | %d (%s) | %d (%s) |\n", o.Diverged, pct(o.Rate), h.Diverged, pct(h.Rate))
	var cats []string
	for c, n := range h.MinorityByCategory {
		cats = append(cats, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(cats)
	fmt.Fprintf(&b, "| alone against the rest | %s, %d times | %s, %d times (%s) |\n", o.MinorityName, o.Minority, cell(h.MinorityName), h.Minority, strings.Join(cats, ", "))
	fmt.Fprintf(&b, "| HMAC-SHA256 pairs | %d, %d messages, %s failed | %d, %d messages, %d failed (%s) |\n", o.Pairs, o.Messages, pct(o.FailureRate), h.Pairs, h.Messages, h.Failures, pct(h.FailureRate))
	pair := func(p *Pair) string {
		if p == nil {
			return "none failed"
		}
		return fmt.Sprintf("%s signs, %s verifies: %d of %d (%s)", cell(p.Signer), cell(p.Verifier), p.Failures, p.Messages, pct(p.Rate))
	}
	fmt.Fprintf(&b, "| worst pair | %s | %s |\n", pair(o.WorstPair), pair(h.WorstPair))
	return b.String()
}
