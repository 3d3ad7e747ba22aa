package mutation

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
)

// Report is a mutation-testing-report-schema report, schemaVersion 2
// (Stryker's mutation-testing-elements). MutantResult carries a few
// canonfuzz members beside the schema's, which the schema leaves open.
type Report struct {
	SchemaVersion string                 `json:"schemaVersion"`
	Thresholds    Thresholds             `json:"thresholds"`
	ProjectRoot   string                 `json:"projectRoot,omitempty"`
	Files         map[string]*FileResult `json:"files"`
	TestFiles     map[string]*TestFile   `json:"testFiles,omitempty"`
	Performance   *Performance           `json:"performance,omitempty"`
	Framework     *Framework             `json:"framework,omitempty"`
	Config        map[string]any         `json:"config,omitempty"`
}

type Thresholds struct {
	High int `json:"high"`
	Low  int `json:"low"`
}

type Performance struct {
	Setup      float64 `json:"setup"`
	InitialRun float64 `json:"initialRun"`
	Mutation   float64 `json:"mutation"`
}

type Framework struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type FileResult struct {
	Language string          `json:"language"`
	Source   string          `json:"source"`
	Mutants  []*MutantResult `json:"mutants"`
}

type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type Location struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

type MutantResult struct {
	ID             string   `json:"id"`
	MutatorName    string   `json:"mutatorName"`
	Replacement    string   `json:"replacement,omitempty"`
	Description    string   `json:"description,omitempty"`
	Location       Location `json:"location"`
	Status         string   `json:"status"`
	StatusReason   string   `json:"statusReason,omitempty"`
	KilledBy       []string `json:"killedBy,omitempty"`
	CoveredBy      []string `json:"coveredBy,omitempty"`
	TestsCompleted int      `json:"testsCompleted,omitempty"`
	Duration       float64  `json:"duration,omitempty"`
	Static         bool     `json:"static,omitempty"`

	// canonfuzz's members: which sweep, the site and its refusal kind, the
	// diff the report shows.
	Sweep string `json:"canonfuzzSweep"`
	Site  string `json:"canonfuzzSite,omitempty"`
	Kind  string `json:"canonfuzzKind,omitempty"`
	Diff  string `json:"canonfuzzDiff,omitempty"`
}

type TestFile struct {
	Tests []TestDefinition `json:"tests"`
}

type TestDefinition struct {
	ID       string           `json:"id"`
	Name     string           `json:"name"`
	Location *OpenEndLocation `json:"location,omitempty"`
}

// OpenEndLocation is a location whose end may be left out.
type OpenEndLocation struct {
	Start Position  `json:"start"`
	End   *Position `json:"end,omitempty"`
}

// The sweeps a mutant can come from.
const (
	SweepRefusal  = "refusal-site"
	SweepGremlins = "gremlins"
)

// Report turns the sweep's results into a report.
func (s *Sweep) Report() *Report { return s.ReportOf(s.Results) }

// ReportOf is the report of results other than the sweep's own (the fuzz
// targets' verdicts on the same mutants), with the sweep's tests, timing
// and configuration.
func (s *Sweep) ReportOf(results []*Result) *Report {
	r := newReport()
	for _, res := range results {
		m := res.Mutant
		f := r.file(m.Site.File.Rel, m.Site.File.Src)
		e := m.Edits[0]
		mr := &MutantResult{
			ID: m.ID, MutatorName: m.Operator, Replacement: e.Mut, Description: m.Description,
			Location: Location{Start: position(m.Site.File.Src, e.Start), End: position(m.Site.File.Src, e.End)},
			Status:   res.Status, StatusReason: res.Reason, KilledBy: res.KilledBy, CoveredBy: res.CoveredBy,
			TestsCompleted: res.TestsCompleted, Duration: float64(res.Duration.Milliseconds()),
			Sweep: SweepRefusal, Site: m.Site.ID, Kind: m.Site.Kind, Diff: m.Diff(),
		}
		if mr.Replacement == "" {
			mr.Replacement = "(removed)"
		}
		f.Mutants = append(f.Mutants, mr)
	}
	for _, b := range s.Binaries {
		for _, t := range b.Tests {
			file := t.File
			if file == "" {
				file = b.Rel
			}
			tf := r.TestFiles[file]
			if tf == nil {
				tf = &TestFile{}
				r.TestFiles[file] = tf
			}
			def := TestDefinition{ID: t.ID, Name: t.ID}
			if t.Line > 0 {
				def.Location = &OpenEndLocation{Start: Position{Line: t.Line, Column: 1}}
			}
			tf.Tests = append(tf.Tests, def)
		}
	}
	r.Performance = &Performance{Setup: ms(s.Timing.Setup.Seconds()), InitialRun: ms(s.Timing.Coverage.Seconds()), Mutation: ms(s.Timing.Mutation.Seconds())}
	r.Config["quick"] = s.Opts.Quick
	if s.Opts.Shards > 1 {
		r.Config["shard"] = fmt.Sprintf("%d/%d", s.Opts.Shard, s.Opts.Shards)
	}
	var stale []string
	for _, e := range s.Stale {
		stale = append(stale, e.Mutant)
	}
	r.Config["staleEquivalents"] = stale
	r.Config["sites"] = len(s.Plan.Sites)
	r.Config["mutants"] = len(s.Plan.Mutants)
	r.sort()
	return r
}

func ms(seconds float64) float64 { return float64(int64(seconds * 1000)) }

func newReport() *Report {
	return &Report{
		SchemaVersion: "2",
		Thresholds:    Thresholds{High: 100, Low: 95},
		Files:         map[string]*FileResult{},
		TestFiles:     map[string]*TestFile{},
		Framework:     &Framework{Name: "canonfuzz mutation", Version: "1"},
		Config:        map[string]any{},
	}
}

func (r *Report) file(rel string, src []byte) *FileResult {
	f := r.Files[rel]
	if f == nil {
		f = &FileResult{Language: "go", Source: string(src)}
		r.Files[rel] = f
	}
	return f
}

func (r *Report) sort() {
	for _, f := range r.Files {
		sort.Slice(f.Mutants, func(i, j int) bool { return f.Mutants[i].ID < f.Mutants[j].ID })
	}
	for _, tf := range r.TestFiles {
		sort.Slice(tf.Tests, func(i, j int) bool { return tf.Tests[i].ID < tf.Tests[j].ID })
	}
}

// position is the 1-based line and column of a byte offset.
func position(src []byte, off int) Position {
	line, col := 1, 1
	for _, c := range src[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else if c&0xC0 != 0x80 {
			col++
		}
	}
	return Position{Line: line, Column: col}
}

// Diff shows the lines the mutant changes, before and after.
func (m *Mutant) Diff() string {
	src := m.Site.File.Src
	mut := m.Apply()
	lo, hi := len(src), 0
	for _, e := range m.Edits {
		lo, hi = min(lo, e.Start), max(hi, e.End)
	}
	start := lineStart(src, lo)
	end := lineEnd(src, hi)
	growth := len(mut) - len(src)
	before := string(src[start:end])
	after := string(mut[start:lineEnd(mut, end+growth-1)])
	var b strings.Builder
	fmt.Fprintf(&b, "@@ %s:%d @@\n", m.Site.File.Rel, lineOf(src, start))
	for _, l := range strings.Split(before, "\n") {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range strings.Split(after, "\n") {
		b.WriteString("+" + l + "\n")
	}
	return b.String()
}

func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

func lineEnd(src []byte, off int) int {
	if off < 0 {
		off = 0
	}
	for off < len(src) && src[off] != '\n' {
		off++
	}
	return off
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(path string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// ReadReport reads a report written by WriteJSON (or any schema-2 report).
func ReadReport(path string) (*Report, error) {
	r := newReport()
	if err := ReadJSON(path, r); err != nil {
		return nil, err
	}
	if r.Config == nil {
		r.Config = map[string]any{}
	}
	if r.TestFiles == nil {
		r.TestFiles = map[string]*TestFile{}
	}
	return r, nil
}

// Merge joins shard reports (and the gremlins report) into one: the
// mutants of every file, the tests of every test file, the phases' times
// added up.
func Merge(reports ...*Report) (*Report, error) {
	out := newReport()
	out.Performance = &Performance{}
	seen := map[string]string{}
	var shards []string
	stale := map[string]bool{}
	for i, r := range reports {
		for path, f := range r.Files {
			of := out.file(path, []byte(f.Source))
			if of.Source != f.Source {
				return nil, fmt.Errorf("report %d: %s differs from another report's copy: the shards ran on different trees", i+1, path)
			}
			for _, m := range f.Mutants {
				if prev, dup := seen[m.ID]; dup {
					return nil, fmt.Errorf("mutant %s is in two reports (%s and %d): overlapping shards", m.ID, prev, i+1)
				}
				seen[m.ID] = fmt.Sprint(i + 1)
				of.Mutants = append(of.Mutants, m)
			}
		}
		for path, tf := range r.TestFiles {
			otf := out.TestFiles[path]
			if otf == nil {
				otf = &TestFile{}
				out.TestFiles[path] = otf
			}
			have := map[string]bool{}
			for _, t := range otf.Tests {
				have[t.ID] = true
			}
			for _, t := range tf.Tests {
				if !have[t.ID] {
					otf.Tests = append(otf.Tests, t)
				}
			}
		}
		if p := r.Performance; p != nil {
			out.Performance.Setup += p.Setup
			out.Performance.InitialRun += p.InitialRun
			out.Performance.Mutation += p.Mutation
		}
		if sh, ok := r.Config["shard"].(string); ok {
			shards = append(shards, sh)
		}
		if list, ok := r.Config["staleEquivalents"].([]any); ok {
			for _, x := range list {
				stale[fmt.Sprint(x)] = true
			}
		}
		for _, k := range []string{"sites", "mutants", "quick", "gremlins"} {
			if v, ok := r.Config[k]; ok {
				out.Config[k] = v
			}
		}
	}
	if len(shards) > 0 {
		out.Config["shards"] = shards
	}
	var st []string
	for k := range stale {
		st = append(st, k)
	}
	sort.Strings(st)
	out.Config["staleEquivalents"] = st
	out.sort()
	return out, nil
}

// WriteAll writes report.json, report.md, report.html and report.sarif
// into dir; the HTML needs the pinned mutation-testing-elements bundle
// (npm ci in mutation/report).
func (r *Report) WriteAll(dir, bundle string, md MarkdownOptions) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := r.WriteJSON(filepath.Join(dir, "report.json")); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte(r.Markdown(md)), 0o644); err != nil {
		return err
	}
	if err := sarif.Write(filepath.Join(dir, SARIFFile), r.SARIF()); err != nil {
		return err
	}
	html, err := r.HTML(bundle)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.html"), html, 0o644)
}
