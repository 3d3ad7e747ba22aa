package mutation

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fixture is a module of its own under testdata: one target, package
// kinds, whose tests pin some refusals and not others.
const fixture = "testdata/fixture"

func loadFixture(t *testing.T, root string) *Plan {
	t.Helper()
	mod, err := Load(root, "./targets/...")
	if err != nil {
		t.Fatal(err)
	}
	return NewPlan(mod)
}

func byID(ms []*Mutant) map[string]*Mutant {
	out := map[string]*Mutant{}
	for _, m := range ms {
		out[m.ID] = m
	}
	return out
}

// TestFindsEveryRefusalSite: the sites are found by analysis, each with its
// kind, and the helper fail is not a site of its own.
func TestFindsEveryRefusalSite(t *testing.T) {
	p := loadFixture(t, fixture)
	var got []string
	for _, s := range p.Sites {
		got = append(got, s.Func+" "+s.Kind)
	}
	want := []string{
		"Check kinds.Empty", "Check kinds.TooLong", "Check kinds.BadByte", "Check kinds.Reserved",
		"Unused kinds.BadByte", "const MaxLen limit",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("sites:\n got %q\nwant %q", got, want)
	}
}

// TestOperatorsOfASite: the six operators, each where it applies.
func TestOperatorsOfASite(t *testing.T) {
	p := loadFixture(t, fixture)
	ops := map[string][]string{}
	for _, m := range p.Mutants {
		ops[m.Site.Kind] = append(ops[m.Site.Kind], m.Operator+"="+m.Edits[0].Mut)
	}
	for kind, want := range map[string][]string{
		"kinds.Empty":   {"DropCheck=false && (len(in) == 0)", "ReturnSuccess=_ = fail(Empty, 0); return nil", "ShiftOffset=(0) + 1", "SwapKind=TooLong"},
		"kinds.TooLong": {"DropCheck=false && (len(in) > MaxLen)", "ReturnSuccess=_ = fail(TooLong, MaxLen); return nil", "ShiftCap=len(in) >= MaxLen", "ShiftOffset=(MaxLen) + 1", "SwapKind=BadByte"},
		"kinds.Reserved": {"DropCheck=false && (in[i] == 'z')", "ReturnSuccess=_ = &Error{Kind: Reserved, Offset: i}; return nil", "ShiftOffset=(i) + 1",
			"SwapKind=Empty"},
		"limit": {"ShiftLimit=(8) + 1"},
	} {
		got := ops[kind]
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", kind, got, want)
		}
	}
}

// TestSiteIdentityIsStable: an edit elsewhere in the file (a line added
// above) keeps every mutant's id; an edit of the statement changes its
// site's hash and so its id.
func TestSiteIdentityIsStable(t *testing.T) {
	root := copyFixture(t)
	before := loadFixture(t, root)
	path := filepath.Join(root, "targets/kinds/kinds.go")
	src, _ := os.ReadFile(path)
	edited := strings.Replace(string(src), "// Check refuses", "// A comment and a line.\nvar _ = 1\n\n// Check refuses", 1)
	edited = strings.Replace(edited, "fail(BadByte, i)", "fail(BadByte, i+0)", 1)
	os.WriteFile(path, []byte(edited), 0o644)
	after := byID(loadFixture(t, root).Mutants)
	for _, m := range before.Mutants {
		_, kept := after[m.ID]
		if changed := m.Site.Kind == "kinds.BadByte" && m.Site.Func == "Check"; kept == changed {
			t.Errorf("%s: kept %v after the edit, want %v", m.ID, kept, !changed)
		}
	}
}

func copyFixture(t *testing.T) string {
	dir := t.TempDir()
	if out, err := exec.Command("cp", "-r", fixture+"/.", dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	return dir
}

// TestCompileErrorIsNotAKill: a mutant that does not type-check is judged
// CompileError and kept out of the schema, which still builds.
func TestCompileErrorIsNotAKill(t *testing.T) {
	p := loadFixture(t, fixture)
	m := p.Mutants[0]
	m.Edits = append([]Edit(nil), m.Edits...)
	m.Edits[0].Mut = "undefinedName"
	if err := p.Judge(); err != nil {
		t.Fatal(err)
	}
	if m.CompileErr == "" {
		t.Fatalf("%s compiled with %q", m.ID, m.Edits[0].Mut)
	}
	for _, other := range p.Mutants[1:] {
		if other.CompileErr != "" {
			t.Errorf("%s: %s", other.ID, other.CompileErr)
		}
	}
}

var fixtureSweep struct {
	once sync.Once
	s    *Sweep
	err  error
}

// sweepFixture runs the whole sweep over the fixture once, with one
// survivor on the equivalent list.
func sweepFixture(t *testing.T) *Sweep {
	t.Helper()
	fixtureSweep.once.Do(func() {
		p := loadFixture(t, fixture)
		var eq []Equivalent
		for _, m := range p.Mutants {
			if m.Site.Kind == "kinds.Reserved" && m.Operator == ShiftOffset {
				eq = append(eq, Equivalent{Mutant: m.ID, Why: "the fixture's test does not read the offset"})
			}
		}
		eq = append(eq, Equivalent{Mutant: "targets/kinds/Gone#0@00000000:DropCheck", Why: "stale"})
		fixtureSweep.s, fixtureSweep.err = p.Run(Options{Work: filepath.Join(os.TempDir(), "canonfuzz-mutation-fixture"), Workers: 2, Floor: 20 * time.Second, Equivalent: eq})
	})
	if fixtureSweep.err != nil {
		t.Fatal(fixtureSweep.err)
	}
	return fixtureSweep.s
}

// TestSweepStatuses: what the fixture's tests pin is killed (by the test
// that pins it), what they do not pin survives, the function no test calls
// is not covered, the reviewed equivalent is Ignored, and the stale entry
// of the list is reported.
func TestSweepStatuses(t *testing.T) {
	s := sweepFixture(t)
	got := map[string]string{}
	for _, r := range s.Results {
		key := r.Mutant.Site.Kind + " " + r.Mutant.Site.Func + " " + r.Mutant.Operator
		got[key] = r.Status
		if r.Status == Killed && len(r.KilledBy) == 0 {
			t.Errorf("%s killed by no test", r.Mutant.ID)
		}
		if r.Mutant.Site.Kind == "kinds.TooLong" && r.Mutant.Operator == ShiftCap && !slices.Equal(r.KilledBy, []string{"targets/kinds/TestLong"}) {
			t.Errorf("ShiftCap killed by %v, want TestLong", r.KilledBy)
		}
	}
	want := map[string]string{
		"kinds.Empty Check DropCheck": Killed, "kinds.Empty Check SwapKind": Killed, "kinds.Empty Check ShiftOffset": Killed, "kinds.Empty Check ReturnSuccess": Killed,
		"kinds.TooLong Check DropCheck": Killed, "kinds.TooLong Check SwapKind": Killed, "kinds.TooLong Check ShiftOffset": Survived,
		"kinds.TooLong Check ShiftCap": Killed, "kinds.TooLong Check ReturnSuccess": Killed,
		"kinds.BadByte Check DropCheck": Killed, "kinds.BadByte Check SwapKind": Survived, "kinds.BadByte Check ShiftOffset": Survived, "kinds.BadByte Check ReturnSuccess": Killed,
		"kinds.Reserved Check DropCheck": Killed, "kinds.Reserved Check SwapKind": Survived, "kinds.Reserved Check ShiftOffset": Ignored, "kinds.Reserved Check ReturnSuccess": Killed,
		"kinds.BadByte Unused DropCheck": NoCoverage, "kinds.BadByte Unused SwapKind": NoCoverage, "kinds.BadByte Unused ShiftOffset": NoCoverage, "kinds.BadByte Unused ReturnSuccess": NoCoverage,
		"limit const MaxLen ShiftLimit": Killed,
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %s, want %s", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d mutants, want %d: %v", len(got), len(want), got)
	}
	if len(s.Stale) != 1 || s.Stale[0].Why != "stale" {
		t.Errorf("stale entries %v, want the one that names no mutant", s.Stale)
	}
}

// checkReport runs mutation/report/check.mjs: the pinned schema's verdict
// and mutation-testing-metrics' totals.
func checkReport(t *testing.T, r *Report) (valid bool, errs []any, metrics map[string]any) {
	t.Helper()
	if _, err := os.Stat("report/node_modules/ajv"); err != nil {
		t.Fatal("the pinned report packages are missing: make mutation-deps (npm ci --prefix mutation/report)")
	}
	path := filepath.Join(t.TempDir(), "report.json")
	if err := r.WriteJSON(path); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", "report/check.mjs", path).Output()
	if err != nil {
		t.Fatalf("node check.mjs: %v", err)
	}
	var res struct {
		Valid   bool
		Errors  []any
		Metrics map[string]any
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return res.Valid, res.Errors, res.Metrics
}

// TestReportValidatesAgainstTheSchema: report.json is valid under the
// pinned mutation-testing-report-schema, and a report that is not (an
// unknown status) is refused, so the check can fail.
func TestReportValidatesAgainstTheSchema(t *testing.T) {
	r := sweepFixture(t).Report()
	if valid, errs, _ := checkReport(t, r); !valid {
		t.Fatalf("report.json is not valid: %v", errs)
	}
	for _, f := range r.Files {
		f.Mutants[0].Status = "Dead"
		break
	}
	if valid, _, _ := checkReport(t, r); valid {
		t.Fatal("a report with status \"Dead\" validated")
	}
}

// TestMetricsAreStrykers: Count computes what mutation-testing-metrics
// computes for the same report.
func TestMetricsAreStrykers(t *testing.T) {
	r := sweepFixture(t).Report()
	_, _, want := checkReport(t, r)
	var all []*MutantResult
	for _, f := range r.Files {
		all = append(all, f.Mutants...)
	}
	got := Count(all)
	for name, g := range map[string]float64{
		"killed": float64(got.Killed), "survived": float64(got.Survived), "noCoverage": float64(got.NoCoverage),
		"ignored": float64(got.Ignored), "compileErrors": float64(got.CompileErrors), "totalValid": float64(got.TotalValid),
		"totalCovered": float64(got.TotalCovered), "totalMutants": float64(got.TotalMutants),
		"mutationScore": got.MutationScore, "mutationScoreBasedOnCoveredCode": got.MutationScoreBasedOnCoveredCode,
	} {
		w, _ := want[name].(float64)
		if math.Abs(g-w) > 1e-9 {
			t.Errorf("%s: ours %v, mutation-testing-metrics %v", name, g, w)
		}
	}
	if got.Survived == 0 || got.Killed == 0 {
		t.Fatalf("the fixture should have killed and surviving mutants: %+v", got)
	}
}

// TestShardsMergeToTheWhole: two shards of the quick selection, merged,
// hold every mutant once, with the whole sweep's statuses; a report merged
// with itself is refused.
func TestShardsMergeToTheWhole(t *testing.T) {
	whole := sweepFixture(t)
	status := map[string]string{}
	for _, r := range whole.Results {
		status[r.Mutant.ID] = r.Status
	}
	var reps []*Report
	for i := 1; i <= 2; i++ {
		p := loadFixture(t, fixture)
		s, err := p.Run(Options{Work: filepath.Join(os.TempDir(), "canonfuzz-mutation-fixture"), Shard: i, Shards: 2, Floor: 20 * time.Second, Equivalent: whole.Opts.Equivalent})
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, s.Report())
	}
	merged, err := Merge(reps...)
	if err != nil {
		t.Fatal(err)
	}
	got := merged.Mutants(SweepRefusal)
	if len(got) != len(status) {
		t.Fatalf("merged %d mutants, want %d", len(got), len(status))
	}
	for _, m := range got {
		if status[m.ID] != m.Status {
			t.Errorf("%s: %s in the shards, %s whole", m.ID, m.Status, status[m.ID])
		}
	}
	if _, err := Merge(reps[0], reps[0]); err == nil {
		t.Fatal("a shard merged with itself")
	}
}

// TestMarkdownShowsEverySurvivor: report.md has a row per refusal kind and
// every survivor and uncovered mutant with its file, line and diff.
func TestMarkdownShowsEverySurvivor(t *testing.T) {
	r := sweepFixture(t).Report()
	md := r.Markdown(MarkdownOptions{Command: "test"})
	for _, m := range r.Mutants(SweepRefusal) {
		if m.Status == Survived || m.Status == NoCoverage {
			if !strings.Contains(md, "`"+m.ID+"` at "+location(m)) || !strings.Contains(md, m.Diff) {
				t.Errorf("report.md lacks survivor %s with its location and diff", m.ID)
			}
		}
	}
	for _, row := range []string{"| `kinds.Empty` | 4 | 4 |", "| `kinds.BadByte` | 8 | 2 | 0 | 2 | 4 |", "| `limit` | 1 | 1 |"} {
		if !strings.Contains(md, row) {
			t.Errorf("report.md lacks the row %q:\n%s", row, md)
		}
	}
	if !strings.Contains(md, "targets/kinds/Gone#0@00000000:DropCheck") {
		t.Error("report.md does not name the stale equivalent entry")
	}
}

// TestHTMLIsSelfContained: report.html inlines the pinned bundle and the
// report, and loads nothing from anywhere.
func TestHTMLIsSelfContained(t *testing.T) {
	r := sweepFixture(t).Report()
	bundle := "report/node_modules/mutation-testing-elements/dist/mutation-test-elements.js"
	html, err := r.HTML(bundle)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(bundle)
	page := string(html)
	if !strings.Contains(page, string(b[:200])) || !strings.Contains(page, "<mutation-test-report-app") {
		t.Fatal("report.html does not inline the elements bundle")
	}
	for _, ext := range []string{"<script src", "<link", "http://", "https://"} {
		if i := strings.Index(strings.ReplaceAll(page, string(b), ""), ext); i >= 0 {
			t.Errorf("report.html refers outside itself: %q", page[i:min(len(page), i+80)])
		}
	}
}

// TestStaleOnlyInSweptPackages: an entry of a package the sweep left out
// (--targets) is not called stale; one of a swept package that names no
// mutant is.
func TestStaleOnlyInSweptPackages(t *testing.T) {
	p := loadFixture(t, fixture)
	list := []Equivalent{
		{Mutant: "targets/other/F#0@00000000:DropCheck", Why: "not swept"},
		{Mutant: "targets/kinds/Gone#0@00000000:DropCheck", Why: "gone"},
		{Mutant: p.Mutants[0].ID, Why: "present"},
	}
	got := staleEquivalents(list, p.Mutants, p.Mod.Targets)
	if len(got) != 1 || got[0].Why != "gone" {
		t.Fatalf("stale %v, want only the entry of the swept package that names no mutant", got)
	}
}

// A run's limit is the floor plus the factor times its baseline, the zero
// options taking the defaults (15 s, 4): the one rule of a Timeout, for
// the sweep's tests and the fuzz score's replays.
func TestLimitIsFloorPlusFactorTimesBaseline(t *testing.T) {
	for _, c := range []struct {
		opts Options
		base time.Duration
		want time.Duration
	}{
		{Options{}, 2 * time.Second, 23 * time.Second},
		{Options{Floor: time.Second, Factor: 2}, 3 * time.Second, 7 * time.Second},
	} {
		if got := c.opts.Limit(c.base); got != c.want {
			t.Errorf("%+v.Limit(%s) = %s, want %s", c.opts, c.base, got, c.want)
		}
	}
}
