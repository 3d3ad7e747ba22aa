package matrix

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
)

// SARIFFile is a study's SARIF log, beside matrix.json.
const SARIFFile = "matrix.sarif"

// The rules of the canonicalizer study's log: how an implementation
// departs from canonfuzz/jcs (CanonDeparture's kinds).
const (
	RuleAdmits        = "study/admits"
	RuleRefuses       = "study/refuses"
	RuleOutputDiffers = "study/output-differs"
	RuleBreakdown     = "study/breakdown"
)

var canonRules = []sarif.Rule{
	{ID: RuleAdmits, Description: "The implementation writes canonical bytes for an input canonfuzz/jcs refuses (RFC 8785 section 3.1 and I-JSON, RFC 7493): two parties can sign different meanings."},
	{ID: RuleRefuses, Description: "The implementation refuses an input canonfuzz/jcs canonicalizes."},
	{ID: RuleOutputDiffers, Description: "The implementation writes other bytes than canonfuzz/jcs for an input both accept (RFC 8785 section 3.2): a signature made with one does not verify with the other."},
	{ID: RuleBreakdown, Description: "The implementation crashed, hung, broke its protocol or panicked on an input."},
}

// implDeparture is one implementation's departures of one kind, summed.
type implDeparture struct {
	impl, rule    string
	inputs        int
	example, text string
	categories    []string
}

// SARIF is the canonicalizer study as a SARIF 2.1.0 log: one warning per
// implementation and kind of departure from canonfuzz/jcs, with the number
// of inputs and the first example, read from the accept/refuse surface
// (admits, refuses), the differentials (output-differs) and the
// breakdowns. The departures are an outside implementation's behaviour,
// not a defect of this repository, so the location is the line of the
// study's matrix.md (in dir) that first names the implementation; the
// vectors that pin them are in findings/study.
func (rep Report) SARIF(dir, markdown string) sarif.Log {
	var order []string
	found := map[[2]string]*implDeparture{}
	add := func(impl, rule string, n int, category, example, text string) {
		if impl == OursName {
			return
		}
		k := [2]string{impl, rule}
		d := found[k]
		if d == nil {
			d = &implDeparture{impl: impl, rule: rule, example: example, text: text}
			found[k] = d
			order = append(order, impl+"\x00"+rule)
		}
		d.inputs += n
		if category != "" && !slices.Contains(d.categories, category) {
			d.categories = append(d.categories, category)
		}
	}
	for _, c := range rep.Surface.Categories {
		for _, b := range c.Blocs {
			switch {
			case slices.Contains(b.Accepting, OursName):
				for _, impl := range b.Refusing {
					add(impl, RuleRefuses, b.Inputs, c.Name, b.Example, b.Text)
				}
			case slices.Contains(b.Refusing, OursName):
				for _, impl := range b.Accepting {
					add(impl, RuleAdmits, b.Inputs, c.Name, b.Example, b.Text)
				}
			}
		}
	}
	for _, d := range append(slices.Clone(rep.Differential.Divergences), rep.Differential.Partial...) {
		if slices.Contains(d.Refusing, OursName) {
			continue // the surface counts it: they admit what we refuse
		}
		for _, g := range d.Groups {
			if slices.Contains(g.Implementations, OursName) {
				continue
			}
			for _, impl := range g.Implementations {
				add(impl, RuleOutputDiffers, 1, d.Category, d.Input, d.Text)
			}
		}
	}
	for _, b := range rep.Breakdowns {
		add(b.Implementation, RuleBreakdown, 1, b.Category, b.Input, b.Kind+": "+b.Detail)
	}
	log := sarif.Log{Tool: "canonfuzz matrix", Rules: canonRules}
	for _, key := range order {
		impl, rule, _ := strings.Cut(key, "\x00")
		d := found[[2]string{impl, rule}]
		msg := fmt.Sprintf("%s: %s on %d of %d inputs (%s); the first: %s, %s", d.impl, verb(d.rule), d.inputs, rep.Inputs,
			strings.Join(d.categories, ", "), d.example, shorten(d.text))
		log.Results = append(log.Results, sarif.Result{Rule: d.rule, Level: sarif.Warning, Message: msg,
			Fingerprint: ShortName(d.impl) + ":" + strings.TrimPrefix(d.rule, "study/"),
			Locations:   []sarif.Location{mention(dir, markdown, d.impl)},
			Properties:  map[string]any{"implementation": d.impl, "inputs": d.inputs, "example": d.example}})
	}
	return log
}

func verb(rule string) string {
	switch rule {
	case RuleAdmits:
		return "writes output where canonfuzz/jcs refuses"
	case RuleRefuses:
		return "refuses what canonfuzz/jcs canonicalizes"
	case RuleOutputDiffers:
		return "writes other bytes than canonfuzz/jcs"
	}
	return "breaks down"
}

// SARIF is the guard study as a SARIF 2.1.0 log: one result per class of
// every guard's departure from the hardened model of SEP-3246, whose rule
// is the class's verdict by the readings of the text (violation,
// ambiguity, hardening) or its kind (undecided), a warning for a violation
// or an undecided answer and a note otherwise, at the line of the study's
// matrix.md (in dir) that first names the guard.
func (rep GuardReport) SARIF(dir, markdown string) sarif.Log {
	log := sarif.Log{Tool: "canonfuzz matrix --guards"}
	declared := map[string]bool{}
	for _, ir := range rep.Implementations {
		if ir.Name == OursGuardName {
			continue
		}
		for _, c := range ir.Classes {
			// The rule is the class's verdict by the readings of the text
			// (JudgeReadings on its minimized example): only a violation is
			// a warning; an ambiguity or our hardening is a note.
			way, _, _ := strings.Cut(c.Verdict, ":")
			if way == "" {
				way = c.Kind
			}
			rule, level := "guard-study/"+way, sarif.Note
			if way == Violation || way == KindUndecided {
				level = sarif.Warning
			}
			if !declared[rule] {
				declared[rule] = true
				log.Rules = append(log.Rules, sarif.Rule{ID: rule, Description: guardRule(way)})
			}
			msg := fmt.Sprintf("%s: %s on %d of %d probes (%s), first %s: %s", ir.Name, c.Kind, c.Count, rep.Probes, c.Diagnosis, c.FirstProbe, shorten(c.Reason))
			if c.Verdict != "" {
				msg += "; by the readings of SEP-3246 the minimized example is a " + c.Verdict + " (its probes: " + verdictCounts(c.Verdicts) + ")"
			}
			log.Results = append(log.Results, sarif.Result{Rule: rule, Level: level, Message: msg,
				Fingerprint: string(GuardSignature(ShortName(ir.Name), c.Kind, c.Reason, c.Diagnosis)),
				Locations:   []sarif.Location{mention(dir, markdown, ir.Name)},
				Properties:  map[string]any{"guard": ir.Name, "probes": c.Count, "diagnosis": c.Diagnosis}})
		}
	}
	return log
}

func guardRule(way string) string {
	switch way {
	case Violation:
		return "The guard departs from every reading of SEP-3246: it admits a call every reading denies (a delegation escalates), or denies one every reading admits."
	case Ambiguity:
		return "The guard departs from our hardened model where the readings of SEP-3246 differ: an open point of the text, not a violation."
	case Hardening:
		return "The guard admits a call every reading of SEP-3246 admits and only our hardening refuses (findings/spec)."
	case ModelWider:
		return "Our model admits a call every reading of SEP-3246 denies."
	case KindUndecided:
		return "The guard raised instead of deciding."
	}
	return "The guard departs from the hardened model: " + way + "."
}

// mention is the line of dir's matrix.md that first names name (1 when
// none does).
func mention(dir, markdown, name string) sarif.Location {
	line := 1
	for i, l := range strings.Split(markdown, "\n") {
		if strings.Contains(l, name) {
			line = i + 1
			break
		}
	}
	return sarif.Location{Path: filepath.Join(dir, MDFile), Line: line}
}
