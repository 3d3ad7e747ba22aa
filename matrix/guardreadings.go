package matrix

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// A guard's departure from the hardened model (Model: targets/bound's
// Check, exact to the reading bound.Hardened) is judged three ways, by the
// readings of SEP-3246 itself (bound.TextReadings: every combination of
// the text's open points, no hardening), so that the study does not count
// our hardening or an open point of the text as the guard's fault:
//
//   - a violation: every reading of the text agrees with the model (an
//     unsound admission every reading denies; an over-restriction every
//     reading admits);
//   - an ambiguity: the readings differ; named by the open points whose
//     choice alone changes the answer (bound.OpenPoints, with their clause);
//   - hardening: every reading of the text admits what the model refuses;
//     named by the hardening layer that refuses it (bound.HardeningLayers:
//     the layer that, switched on alone over some reading of the text,
//     denies), that is by the finding under findings/spec that argues for
//     it.
//
// An over-restriction every reading of the text denies would be the model
// admitting more than the text (ModelWider), named by the layer that,
// switched on alone, admits it.
const (
	Violation  = "violation"
	Ambiguity  = "ambiguity"
	Hardening  = "hardening"
	ModelWider = "model-wider"
)

// Unattributed names a hardening or a wider model that no single layer
// explains.
const Unattributed = "unattributed"

var textReadings = bound.TextReadings()

// JudgeReadings judges one departure of kind Unsound or OverRestrictive on
// a chain and call by the readings of the text: its way (Violation,
// Ambiguity, Hardening or ModelWider) and what names it (the open points,
// joined by '+', or the finding's name), or "" for another kind.
func JudgeReadings(provenance, params []byte, kind string) (way, detail string) {
	if kind != Unsound && kind != OverRestrictive {
		return "", ""
	}
	admits := make([]bool, len(textReadings))
	all, none := true, true
	for i, d := range bound.CheckReadings(provenance, params, bound.Canon{}, textReadings) {
		admits[i] = d.Admit
		all, none = all && admits[i], none && !admits[i]
	}
	switch {
	case kind == Unsound && none, kind == OverRestrictive && all:
		return Violation, ""
	case kind == Unsound && all:
		return Hardening, attributeLayer(provenance, params, false)
	case kind == OverRestrictive && none:
		return ModelWider, attributeLayer(provenance, params, true)
	}
	return Ambiguity, openPointsThatMatter(admits)
}

// Verdict writes a way and its detail as one label ("hardening:
// canon-encoded-separator").
func Verdict(way, detail string) string {
	if detail == "" {
		return way
	}
	return way + ": " + detail
}

// attributeLayer names the findings of the hardening layers that, each
// switched on alone over some reading of the text, give the model's answer
// (admit when want is true): the base names of their findings, joined by
// '+'; then reading an undeclared string both ways; else Unattributed.
func attributeLayer(provenance, params []byte, want bool) string {
	var names []string
	try := func(finding string, f func(bound.Reading) bound.Reading) {
		rs := make([]bound.Reading, len(textReadings))
		for i, r := range textReadings {
			rs[i] = f(r)
		}
		for _, d := range bound.CheckReadings(provenance, params, bound.Canon{}, rs) {
			if d.Admit == want {
				names = append(names, strings.TrimSuffix(path.Base(finding), ".md"))
				return
			}
		}
	}
	for _, l := range bound.HardeningLayers {
		try(l.Finding, func(r bound.Reading) bound.Reading { r.Harden = l.Layer; return r })
	}
	if len(names) == 0 {
		try(bound.UndeclaredDualFinding, func(r bound.Reading) bound.Reading { r.Undeclared = bound.ModeDual; return r })
	}
	if len(names) == 0 {
		return Unattributed
	}
	return strings.Join(names, "+")
}

// openPointsThatMatter names the open points whose choice alone, the
// others held, changes the answer of the readings of the text.
func openPointsThatMatter(admits []bool) string {
	var names []string
	for k, p := range bound.OpenPoints {
		seen := map[string]bool{}
		differ := false
		for i, r := range textReadings {
			c := r.Choices()
			c[k] = ""
			key := strings.Join(c, ",")
			if a, ok := seen[key]; ok && a != admits[i] {
				differ = true
				break
			}
			seen[key] = admits[i]
		}
		if differ {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return "several open points together"
	}
	return strings.Join(names, "+")
}

// writeReadingTables writes the open points and the hardening layers the
// guard report's verdicts name.
func writeReadingTables(b *strings.Builder) {
	b.WriteString("\nThe open points (`bound.OpenPoints`):\n\n| open point | choices | clause |\n| --- | --- | --- |\n")
	for _, p := range bound.OpenPoints {
		fmt.Fprintf(b, "| %s | %s | %s |\n", p.Name, strings.Join(p.Choices, ", "), cell(p.Clause))
	}
	b.WriteString("\nThe hardening layers (`bound.HardeningLayers`; reading an undeclared string both ways is the hardened choice of `undeclared-path`, " + bound.UndeclaredDualFinding + "):\n\n| layer | finding |\n| --- | --- |\n")
	for _, l := range bound.HardeningLayers {
		fmt.Fprintf(b, "| %s | %s |\n", l.Name, l.Finding)
	}
}

// sortedVerdicts orders verdict labels by count, most first, then by label.
func sortedVerdicts(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for l := range m {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		if m[out[i]] != m[out[j]] {
			return m[out[i]] > m[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}

// verdictCounts writes a class's probes by verdict ("violation 39;
// ambiguity: undeclared-path 233"); empty for an undecided class.
func verdictCounts(m map[string]int) string {
	parts := make([]string, 0, len(m))
	for _, l := range sortedVerdicts(m) {
		parts = append(parts, fmt.Sprintf("%s %d", l, m[l]))
	}
	return strings.Join(parts, "; ")
}
