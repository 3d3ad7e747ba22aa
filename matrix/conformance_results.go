package matrix

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// ConformanceResults is how every implementation of a study fares on the
// conformance suite (results.json).
type ConformanceResults struct {
	Command         string     `json:"command"` // the canonfuzz matrix command that ran it
	Implementations []ConfImpl `json:"implementations"`
}

// ConfImpl is one implementation's verdicts. A case fails when a y case is
// not written to exactly its expected bytes (other bytes, a refusal, a
// breakdown), an n case is written, or an i case is written to other bytes
// than its expected ones.
type ConfImpl struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// y cases: written exactly, written otherwise, refused (or broke down).
	YPass    int `json:"y_pass"`
	YOther   int `json:"y_other_bytes"`
	YRefused int `json:"y_refused"`
	// n cases: refused (or broke down), written.
	NRefused int `json:"n_refused"`
	NWritten int `json:"n_written"`
	// i cases: refused (or broke down), written as expected (or with no
	// expected bytes), written otherwise.
	IRefused int `json:"i_refused"`
	IWritten int `json:"i_written"`
	IOther   int `json:"i_other_bytes"`
	// Failed names every failed case; ByCategory counts failed and judged
	// cases (every y and n case, and the i cases it wrote) per category.
	Failed     []string          `json:"failed"`
	ByCategory map[string][2]int `json:"by_category"`
}

// Judge computes the conformance results of r on cases (one per input of
// r, in the same order).
func Judge(r Results, cases []Case, command string) ConformanceResults {
	res := ConformanceResults{Command: command}
	for i, im := range r.Impls {
		ci := ConfImpl{Name: im.Name, Version: im.Version(), Failed: []string{}, ByCategory: map[string][2]int{}}
		for j, c := range cases {
			o := r.Out[i][j]
			wrote := o.Class == oracle.Output
			exact := wrote && (!c.Expected || bytes.Equal(o.Output, c.Want))
			failed, judged := false, true
			switch c.Label {
			case LabelYes:
				switch {
				case exact:
					ci.YPass++
				case wrote:
					ci.YOther++
					failed = true
				default:
					ci.YRefused++
					failed = true
				}
			case LabelNo:
				if wrote {
					ci.NWritten++
					failed = true
				} else {
					ci.NRefused++
				}
			default:
				switch {
				case !wrote:
					ci.IRefused++
					judged = false
				case exact:
					ci.IWritten++
				default:
					ci.IOther++
					failed = true
				}
			}
			n := ci.ByCategory[c.Category]
			if failed {
				n[0]++
				ci.Failed = append(ci.Failed, c.Name)
			}
			if judged {
				n[1]++
			}
			ci.ByCategory[c.Category] = n
		}
		res.Implementations = append(res.Implementations, ci)
	}
	return res
}

// ConformanceFiles are the suite's files, by path under its folder.
func ConformanceFiles(cases []Case, res ConformanceResults) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, c := range cases {
		files[CasesDir+"/"+c.Name+CaseInput] = c.Bytes
		if c.Expected {
			files[CasesDir+"/"+c.Name+CaseOutput] = c.Want
		}
	}
	manifest, err := json.MarshalIndent(cases, "", "  ")
	if err != nil {
		return nil, err
	}
	files["manifest.json"] = append(manifest, '\n')
	results, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return nil, err
	}
	files["results.json"] = append(results, '\n')
	files["README.md"] = []byte(conformanceReadme(cases, res))
	files["heatmap.svg"] = []byte(conformanceSVG(cases, res))
	return files, nil
}

// conformanceCategories are the categories of cases, in corpus order.
func conformanceCategories(cases []Case) []string {
	var cats []string
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.Category] {
			seen[c.Category] = true
			cats = append(cats, c.Category)
		}
	}
	return cats
}

func conformanceReadme(cases []Case, res ConformanceResults) string {
	var b strings.Builder
	b.WriteString(conformanceIntro)
	count := map[string]map[string]int{}
	clauses := map[string]map[string]bool{}
	for _, c := range cases {
		if count[c.Category] == nil {
			count[c.Category], clauses[c.Category] = map[string]int{}, map[string]bool{}
		}
		count[c.Category][c.Label]++
		clauses[c.Category][c.Label+": "+c.Clause] = true
	}
	total := map[string]int{}
	b.WriteString("\n## The cases\n\n| category | y | n | i | decided by |\n| --- | --- | --- | --- | --- |\n")
	for _, cat := range conformanceCategories(cases) {
		var cl []string
		for k := range clauses[cat] {
			cl = append(cl, k)
		}
		sort.Strings(cl)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s |\n", cat, count[cat][LabelYes], count[cat][LabelNo], count[cat][LabelImpl], cell(strings.Join(cl, "; ")))
		for l, n := range count[cat] {
			total[l] += n
		}
	}
	fmt.Fprintf(&b, "| all | %d | %d | %d | |\n", total[LabelYes], total[LabelNo], total[LabelImpl])

	fmt.Fprintf(&b, "\n## Results\n\nEvery implementation of the study, from `%s` (results.json holds the failed cases of each by name; heatmap.svg the share failed per category).\n\n", res.Command)
	b.WriteString("| implementation | version | y exact | y other bytes | y refused | n refused | n written | i refused | i written | i other bytes | failed |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, ci := range res.Implementations {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", cell(ci.Name), cell(ci.Version),
			ci.YPass, ci.YOther, ci.YRefused, ci.NRefused, ci.NWritten, ci.IRefused, ci.IWritten, ci.IOther, len(ci.Failed))
	}
	b.WriteString("\n![failed cases per category and implementation](heatmap.svg)\n")
	return b.String()
}

// conformanceSVG draws the share of failed cases per implementation (rows)
// and category (columns), as PairsSVG draws the pairs.
func conformanceSVG(cases []Case, res ConformanceResults) string {
	const cellW, cellH, left, top = 64, 26, 300, 150
	cats := conformanceCategories(cases)
	w, h := left+len(cats)*cellW+20, top+len(res.Implementations)*cellH+50
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	b.WriteString(`<text x="10" y="20" font-size="14">The JCS conformance suite: failed cases per category, canonfuzz matrix</text>` + "\n")
	fmt.Fprintf(&b, `<text x="10" y="%d">cell: failed / judged cases (every y and n case, and the i cases written); white: none failed, deepest red: all</text>`+"\n", h-15)
	for k, cat := range cats {
		x := left + k*cellW + cellW/2
		fmt.Fprintf(&b, `<text x="%d" y="%d" transform="rotate(-45 %d %d)">%s</text>`+"\n", x, top-6, x, top-6, html.EscapeString(cat))
	}
	for r, ci := range res.Implementations {
		y := top + r*cellH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-6, y+cellH/2+4, html.EscapeString(ci.Name))
		for k, cat := range cats {
			n := ci.ByCategory[cat]
			shade := 0.0
			if n[1] > 0 {
				shade = float64(n[0]) / float64(n[1])
			}
			x := left + k*cellW
			fill := fmt.Sprintf("rgb(255,%d,%d)", 255-int(200*shade), 255-int(220*shade))
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999"><title>%s, %s: %d of %d failed</title></rect>`+"\n",
				x, y, cellW, cellH, fill, html.EscapeString(ci.Name), html.EscapeString(cat), n[0], n[1])
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="10">%d/%d</text>`+"\n", x+cellW/2, y+cellH/2+4, n[0], n[1])
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

const conformanceIntro = `# A JCS (RFC 8785) conformance suite

The labelled corpus of canonfuzz's differential study (docs/STUDY.md),
written out as files so that any RFC 8785 implementation, in any language,
can be held to it without canonfuzz. Generated by ` + "`canonfuzz matrix --conformance`" + `
(` + "`make matrix`" + `) from the corpus of seed 8785; a test (TestConformanceSuite)
regenerates every file and compares it byte for byte, so the suite stays in
step with the corpus. Do not edit it by hand.

## Format

JSONTestSuite's convention (github.com/nst/JSONTestSuite), one case per
input file under ` + "`cases/`" + `:

- ` + "`y_NAME.json`" + `: must be canonicalized, and the output must be exactly the
  bytes of ` + "`y_NAME.expected`" + `.
- ` + "`n_NAME.json`" + `: must be refused (an error, not output).
- ` + "`i_NAME.json`" + `: implementation-defined: it may be refused; if it is written,
  the output must be exactly the bytes of ` + "`i_NAME.expected`" + ` when that file exists
  (a top-level scalar, an integer past 2^53, a noncharacter, nesting deeper than
  64 levels, a value after a byte order mark). Without one (nesting deeper than canonfuzz's 128 levels), any
  output is allowed.

Input files are raw bytes, fed to the implementation unchanged: some are not
UTF-8, some start with a byte order mark, two nest 100000 levels deep.
Expected files are the canonical UTF-8 bytes, with no trailing newline.
NAME is the study's input ID, its '/' written '_' (category, family, number).

` + "`manifest.json`" + ` lists every case: its name, label, category, the study's input
ID, whether it has an expected file, and the clause that decides it: RFC 8785,
or RFC 7493 (I-JSON, which RFC 8785 section 3.1 requires of its input), or
RFC 8259 (what is JSON text at all). The labels are canonfuzz/jcs's verdicts
under its RFC 8785 profile (y, n) and its I-JSON profile (what only I-JSON
refuses is i).

A runner is a loop; in Python, around a library's ` + "`canonicalize(bytes) -> bytes`" + `:

` + "```python" + `
import json, pathlib
suite = pathlib.Path("docs/study/conformance")
for case in json.loads((suite / "manifest.json").read_text()):
    src = (suite / "cases" / (case["name"] + ".json")).read_bytes()
    try:
        got = canonicalize(src)
    except Exception:
        got = None
    want = (suite / "cases" / (case["name"] + ".expected")).read_bytes() if case["expected"] else None
    ok = {"y": got is not None and got == want,
          "n": got is None,
          "i": got is None or want is None or got == want}[case["label"]]
    if not ok:
        print("FAIL", case["name"], case["clause"])
` + "```" + `
`
