package matrix

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// Markdown writes the guard study's tables; command produced it.
func (rep GuardReport) Markdown(command string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# canonfuzz matrix --guards: the guard study\n\nProduced by `%s` (seed %d). %d chains drawn from the seed and %d named corners of the meet (every ordered pair of operators over operands related by each canonicalization step), %d probes (a chain and a call each); the hardened model (every hop's bound admits the call, targets/bound's reading `bound.Hardened`, exactly as `bound.Check` decides, no tool schemas, no case folding) admits %d and denies %d. Every number below is in `matrix.json` beside this file.\n\n",
		command, rep.Seed, rep.Chains, rep.Corners, rep.Probes, rep.ModelAdmits, rep.ModelDenies)
	b.WriteString("unsound: admitted although the hardened model denies (some hop's bound refuses the call, or the chain is malformed, which admits nothing); over-restrictive: denied although the hardened model admits; undecided: the guard raised.\n\n")
	fmt.Fprintf(&b, "Each unsound or over-restrictive answer is then judged by the %d readings of the text itself (`bound.TextReadings`: every combination of the choices on the open points below, with no hardening), each count on its own: a **violation** when every reading of the text agrees with the model; an **ambiguity** when the readings differ (named by the open points whose choice alone changes the answer); **hardening** when every reading of the text admits what the model refuses (named by the finding under findings/spec that argues for the layer that refuses it); **model wider** when every reading denies what the model admits.\n\n", rep.TextReadings)
	b.WriteString("| guard | version | admitted | denied | undecided | breakdowns | unsound | over-restrictive | violations | ambiguities | hardening | model wider | classes |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, ir := range rep.Implementations {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", cell(ir.Name), cell(ir.Version), ir.Admitted, ir.Denied, ir.Undecided, ir.Breakdowns, ir.Unsound, ir.OverRestrictive, ir.Violations, ir.Ambiguities, ir.Hardenings, ir.ModelWider, len(ir.Classes))
	}
	writeReadingTables(&b)
	for _, ir := range rep.Implementations {
		fmt.Fprintf(&b, "\n## %s\n\n", ir.Name)
		if len(ir.Classes) == 0 {
			b.WriteString("Agrees with the model on every probe.\n")
			continue
		}
		b.WriteString("The unsound and over-restrictive answers by the readings of the text:\n\n| judged | probes |\n| --- | --- |\n")
		for _, l := range sortedVerdicts(ir.Verdicts) {
			fmt.Fprintf(&b, "| %s | %d |\n", cell(l), ir.Verdicts[l])
		}
		b.WriteString("\n")
		complete, tries, timed := 0, 0, 0
		for _, c := range ir.Classes {
			switch {
			case c.Minimized.Complete:
				complete++
			case c.Minimized.Stopped == minimize.StoppedTime:
				timed++
			default:
				tries++
			}
		}
		fmt.Fprintf(&b, "Each class: the kind, the diagnosis (`READING/FAULT(OPERATORS)[STEP]`: whether the guard departs even where the argument is declared a path, `path`, or only where it is not, `plain`; `check` when one hop is enough to show it, `meet` when it takes two; the operators of those hops; the canonicalization step at fault), the model's reason (blanked), how many probes, those probes by the readings of the text, the verdict of the minimized example, the call of the first example (of an unsound or over-restrictive class, the first of its most common verdict, which its reduction keeps), and that example's witness minimized (`[provenance,params]`). Of %d reductions, %d reached their fixed point and %d stopped at the budget of tries, which ends them on the same bytes on every run", len(ir.Classes), complete, tries)
		if timed > 0 {
			fmt.Fprintf(&b, "; **%d were stopped by the wall-clock safety net, so this report depends on the machine that wrote it**", timed)
		}
		b.WriteString(".\n\n| kind | diagnosis | reason | probes | by the readings of the text | minimized is | call | minimized provenance | minimized params |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
		for _, c := range ir.Classes {
			fmt.Fprintf(&b, "| %s | %s | %s | %d | %s | %s | %s | %s | %s |\n", c.Kind, cell(c.Diagnosis), cell(c.Reason), c.Count, cell(verdictCounts(c.Verdicts)), cell(c.Verdict), c.CallLabel, rawCode(c.Minimized.Provenance), rawCode(c.Minimized.Params))
		}
	}
	return b.String()
}

// rawCode writes a Go-quoted text as inline code: as the text itself when
// it is printable UTF-8 without a backtick, else quoted; shortened past
// 300 bytes.
func rawCode(quoted string) string {
	text, err := strconv.Unquote(quoted)
	if err != nil || !utf8.ValidString(text) || strings.ContainsFunc(text, func(r rune) bool { return !unicode.IsGraphic(r) || r == '`' }) {
		text = quoted
	}
	if n := 300; len(text) > n {
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = text[:n] + "…"
	}
	return "`" + cell(text) + "`"
}

// Write writes matrix.json, matrix.md and matrix.sarif under dir.
func (rep GuardReport) Write(dir, command string) error { return writeStudy(dir, command, rep) }
