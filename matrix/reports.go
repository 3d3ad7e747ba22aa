package matrix

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The study's reports are ready-to-file issue texts, one per departure of
// another library from canonfuzz/jcs (a finding of RecordCanonicalizerFindings,
// minimized): docs/study/reports/TARGET/NAME.md, beside the vector
// findings/study/TARGET/NAME.vec it is written from. Each gives the
// library and its version, the minimized input, the bytes RFC 8785 asks
// for and the bytes (or the error) the library gives, and the clause that
// decides it, and says whether it is a departure to file (the clause is a
// MUST: the conformance suite's y or n) or implementation-defined (i).

// ReportsFix is the step that writes the reports: make matrix, with DIR the
// folder whose impls.txt lists the external implementations built outside
// this repository (docs/STUDY.md).
const ReportsFix = "make matrix STUDY_EXT=DIR"

// WriteReports writes the report of every finding among written (the
// paths RecordCanonicalizerFindings wrote) whose implementation is in r,
// under dir/TARGET/, asking the implementation again for its answer on
// the minimized input; it removes the reports under dir/TARGET/ of those
// implementations that no finding backs any more. It returns the paths
// written.
func WriteReports(dir string, r Results, written []string) ([]string, error) {
	byShort := map[string]Impl{}
	var targets []string
	for _, im := range r.Impls {
		if im.Name != OursName {
			byShort[ShortName(im.Name)] = im
			targets = append(targets, ShortName(im.Name))
		}
	}
	var out []string
	for _, p := range written {
		data, err := os.ReadFile(p)
		if err != nil {
			return out, err
		}
		v, err := findings.Parse(data)
		if err != nil {
			return out, fmt.Errorf("matrix: %s: %w", p, err)
		}
		im, ok := byShort[v.Target]
		if !ok || strings.Contains(string(v.Signature), ":output:") || strings.HasSuffix(string(v.Signature), ":no-output") {
			continue // the partial divergences pin bytes of whole inputs; the admits findings report them
		}
		path := filepath.Join(dir, v.Target, strings.TrimSuffix(filepath.Base(p), ".vec")+".md")
		text := ReportText(im, v, filepath.ToSlash(p), outcomeOf(im.C, v.Payload))
		if err := writeFile(filepath.Dir(path), filepath.Base(path), []byte(text)); err != nil {
			return out, err
		}
		out = append(out, path)
	}
	keep := map[string]bool{}
	for _, p := range out {
		keep[filepath.Clean(p)] = true
	}
	for _, t := range targets {
		old, _ := filepath.Glob(filepath.Join(dir, t, "*.md"))
		for _, p := range old {
			if !keep[filepath.Clean(p)] {
				if err := os.Remove(p); err != nil {
					return out, err
				}
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// inputOf is the study input ID a finding's source names
// ("COMMAND: input numbers/limit/000"), and its category.
func inputOf(source string) (id, category string) {
	id = source[strings.LastIndex(source, ": input ")+len(": input "):]
	category, _, _ = strings.Cut(id, "/")
	return id, category
}

// ReportText is the report of finding v of implementation im, whose answer
// on the minimized payload is got; vecPath names the vector.
func ReportText(im Impl, v findings.Vector, vecPath string, got Outcome) string {
	first, cat := inputOf(v.Source)
	label, clause, want, wantErr := LabelOf(cat, v.Payload)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s: %s\n\n", im.Name, im.Version(), describe(v.Signature))
	switch {
	case label != LabelImpl:
		fmt.Fprintf(&b, "**A departure from %s.**\n\n", clause)
	case got.Class == oracle.Output && want != nil && !bytes.Equal(got.Output, want):
		fmt.Fprintf(&b, "**A departure from %s**: it may refuse the input, but it writes other bytes.\n\n", clause)
	default:
		fmt.Fprintf(&b, "**Implementation-defined, not a bug to file**: %s. Recorded so that the difference is known to whoever pairs this library with another.\n\n", clause)
	}
	fmt.Fprintf(&b, "- library: `%s`, version %s\n", im.Name, im.Version())
	fmt.Fprintf(&b, "- found by: canonfuzz's differential study (docs/STUDY.md), on %d of its inputs, the first `%s`, minimized to the input below; the vector is `%s`, replayed by `%s`\n", v.Count, first, vecPath, ReportsFix)
	fmt.Fprintf(&b, "- category: %s\n\n", cat)
	b.WriteString("## Input\n\n")
	b.WriteString(bytesBlock(v.Payload))
	b.WriteString("\n## Expected (RFC 8785)\n\n")
	if wantErr != nil {
		fmt.Fprintf(&b, "An error: the input must be refused (%s).\n", wantErr)
	} else {
		if label == LabelImpl {
			b.WriteString("Refusing it is allowed; written, it must be:\n\n")
		}
		b.WriteString(bytesBlock(want))
	}
	b.WriteString("\n## Actual\n\n")
	switch got.Class {
	case oracle.Output:
		b.WriteString(bytesBlock(got.Output))
	case oracle.Refusal:
		fmt.Fprintf(&b, "An error:\n\n```\n%s\n```\n", got.Detail)
	default:
		fmt.Fprintf(&b, "A breakdown (%s):\n\n```\n%s\n```\n", got.Kind, got.Detail)
	}
	return b.String()
}

// LabelOf labels one input as the conformance suite would, with the
// expected bytes or the refusal of canonfuzz/jcs.
func LabelOf(category string, input []byte) (label, clause string, want []byte, refusal error) {
	cases, err := ConformanceCases([]Input{{ID: "report", Category: category, Bytes: input}})
	if err != nil {
		return LabelImpl, err.Error(), nil, err
	}
	c := cases[0]
	if !c.Expected {
		_, refusal = jcs.Canonicalize(input, admit.Options{})
	}
	return c.Label, c.Clause, c.Want, refusal
}

// bytesBlock shows bytes as a Go-quoted string and, when short, in hex.
func bytesBlock(b []byte) string {
	q := strconv.Quote(string(b))
	if len(q) > 400 {
		q = q[:400] + "…"
	}
	s := fmt.Sprintf("%d bytes, as a Go string literal:\n\n```\n%s\n```\n", len(b), q)
	if len(b) <= 64 {
		s += fmt.Sprintf("\nin hex: `%s`\n", hex.EncodeToString(b))
	}
	return s
}
