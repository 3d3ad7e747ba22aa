package matrix

import (
	"fmt"
	"sort"
	"strings"
)

// cell escapes a table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// code writes s as inline code, shortened.
func code(s string) string {
	if len(s) > 90 {
		s = s[:90] + "…"
	}
	return "`" + strings.ReplaceAll(cell(s), "`", "'") + "`"
}

func pct(r float64) string { return fmt.Sprintf("%.1f%%", 100*r) }

// Markdown writes the report's tables; command is the command line that
// produced it, printed at the top.
func (rep Report) Markdown(command string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# canonfuzz matrix: the canonicalizer study\n\nProduced by `%s` (seed %d). Every number below is computed from `matrix.json` beside this file.\n\n", command, rep.Seed)
	d := rep.Differential
	fmt.Fprintf(&b, "- inputs: %d; accepted by every implementation: %d; of those, outputs not all equal: %d (%s)", rep.Inputs, d.AllAccepted, d.Diverged, pct(d.Rate))
	if d.NoMajority > 0 {
		fmt.Fprintf(&b, ", %d without a majority", d.NoMajority)
	}
	fmt.Fprintf(&b, "\n- inputs some implementations accept and others refuse: %d\n", rep.Surface.Mixed)
	fmt.Fprintf(&b, "- HMAC-SHA256 sign-then-verify: %d ordered pairs, %d messages, %d failures (%s)\n", rep.HMAC.Pairs, rep.HMAC.Messages, rep.HMAC.Failures, pct(rep.HMAC.Rate))
	if w := rep.WorstPair; w != nil {
		fmt.Fprintf(&b, "- worst pair: %s signs, %s verifies: %d of %d fail (%s)\n", w.Signer, w.Verifier, w.Failures, w.Messages, pct(w.Rate))
	} else {
		b.WriteString("- worst pair: none, every pair verified every message\n")
	}
	fmt.Fprintf(&b, "- breakdowns (crashes, hangs, protocol faults, panics): %d\n\n", len(rep.Breakdowns))

	b.WriteString("## Implementations\n\nminority: of the inputs every implementation accepts, those where its bytes are not the majority's.\n\n")
	b.WriteString("| implementation | version | runs | accepted | refused | breakdowns | minority | minority by category |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, ir := range rep.Implementations {
		var cats []string
		for c, n := range ir.MinorityByCategory {
			cats = append(cats, fmt.Sprintf("%s %d", c, n))
		}
		sort.Strings(cats)
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %d | %d | %s |\n", cell(ir.Name), cell(ir.Version), ir.Where, ir.Accepted, ir.Refused, ir.Breakdowns, ir.Minority, strings.Join(cats, ", "))
	}

	b.WriteString("\n## Categories\n\n| category | inputs | accepted by all | diverged | accepted by some, refused by others |\n| --- | --- | --- | --- | --- |\n")
	for _, c := range rep.Categories {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", c.Name, c.Inputs, c.AllAccepted, c.Diverged, c.Mixed)
	}

	b.WriteString("\n## Byte divergences\n\nEach input every implementation accepted whose outputs differ, with the groups of equal output (largest first).\n\n")
	writeDivergences(&b, d.Divergences, false)
	b.WriteString("\n## Partial divergences\n\nEach input that some implementations refuse and on which those that accept write different bytes: these are the HMAC failures.\n\n")
	writeDivergences(&b, d.Partial, true)
	b.WriteString("\n## Accept/refuse surface\n\nPer category, the splits of the implementations into those that write output and those that refuse (or break down), most frequent first, with the first input of each.\n\n")
	b.WriteString("| category | inputs | accepting | refusing | example |\n| --- | --- | --- | --- | --- |\n")
	for _, sc := range rep.Surface.Categories {
		for _, bl := range sc.Blocs {
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", sc.Name, bl.Inputs, cell(strings.Join(bl.Accepting, ", ")), cell(strings.Join(bl.Refusing, ", ")), code(bl.Text))
		}
	}

	b.WriteString("\n## HMAC-SHA256 sign-then-verify\n\n")
	fmt.Fprintf(&b, "Key: `%s`. A message: %s. Failures / messages per ordered pair (row signs, column verifies); the heat map is `matrix-pairs.svg`.\n\n", rep.HMAC.Key, rep.HMAC.Denominator)
	names := make([]string, len(rep.Implementations))
	for i, ir := range rep.Implementations {
		names[i] = ir.Name
	}
	at := map[[2]string]Pair{}
	for _, p := range rep.Pairs {
		at[[2]string{p.Signer, p.Verifier}] = p
	}
	b.WriteString("| signer \\ verifier |")
	for i := range names {
		fmt.Fprintf(&b, " %d |", i+1)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(names)) + "\n")
	for i, s := range names {
		fmt.Fprintf(&b, "| %d %s |", i+1, cell(s))
		for _, v := range names {
			if s == v {
				b.WriteString(" – |")
				continue
			}
			p := at[[2]string{s, v}]
			fmt.Fprintf(&b, " %d/%d |", p.Failures, p.Messages)
		}
		b.WriteString("\n")
	}

	if rep.SeedsStudy != nil {
		b.WriteString(rep.SeedsStudy.markdown())
	}

	b.WriteString("\n## Action digest of the 13 vectors of seed 000\n\nThe first 12 characters of BASE64URL(SHA-256(JCS({\"method\":\"tools/call\",\"name\":\"read_file\",\"arguments\":…}))), or what the implementation raised. Rows 1-2, 3-5 and 6-7 differ only in representation and should collide; any other collision is listed.\n\n")
	b.WriteString("| implementation |")
	for i := range rep.Digest.Vectors {
		fmt.Fprintf(&b, " %d |", i+1)
	}
	b.WriteString(" raises | collides | differs from ours |\n| --- |" + strings.Repeat(" --- |", len(rep.Digest.Vectors)+3) + "\n")
	for _, row := range rep.Digest.Rows {
		fmt.Fprintf(&b, "| %s |", cell(row.Implementation))
		for _, dg := range row.Digests {
			if isRaise(dg) {
				b.WriteString(" raises |")
			} else {
				fmt.Fprintf(&b, " `%s` |", dg[:12])
			}
		}
		var cs []string
		for _, c := range row.Collides {
			cs = append(cs, fmt.Sprintf("%d=%d", c[0], c[1]))
		}
		fmt.Fprintf(&b, " %v | %s | %v |\n", row.Raises, strings.Join(cs, " "), row.Differs)
	}
	b.WriteString("\nVectors: ")
	for i, v := range rep.Digest.Vectors {
		fmt.Fprintf(&b, "%d %s `%s`; ", i+1, v.Name, v.Arguments)
	}
	b.WriteString("\n\n## Breakdowns\n\n")
	if len(rep.Breakdowns) == 0 {
		b.WriteString("None: no implementation crashed, hung or broke the protocol.\n")
	} else {
		b.WriteString("| implementation | kind | input | detail |\n| --- | --- | --- | --- |\n")
		for _, bd := range rep.Breakdowns {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cell(bd.Implementation), bd.Kind, bd.Input, code(firstLine(bd.Detail)))
		}
	}
	return b.String()
}

// writeDivergences writes one table row per divergence: the input, its
// text, the groups of equal output, and with refusing the implementations
// that wrote none.
func writeDivergences(b *strings.Builder, ds []Divergence, refusing bool) {
	if len(ds) == 0 {
		b.WriteString("None.\n")
		return
	}
	b.WriteString("| input | text | groups |")
	if refusing {
		b.WriteString(" refusing |")
	}
	b.WriteString("\n| --- | --- | --- |")
	if refusing {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	for _, dv := range ds {
		var gs []string
		for _, g := range dv.Groups {
			gs = append(gs, fmt.Sprintf("%s: %s", strings.Join(g.Implementations, ", "), code(g.Output)))
		}
		fmt.Fprintf(b, "| %s | %s | %s |", dv.Input, code(dv.Text), strings.Join(gs, "<br>"))
		if refusing {
			fmt.Fprintf(b, " %s |", cell(strings.Join(dv.Refusing, ", ")))
		}
		b.WriteString("\n")
	}
}
