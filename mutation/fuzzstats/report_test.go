package fuzzstats

import (
	"encoding/base64"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fast finds fault F in 1, 2 and 3 s; slow in 8 s once and never in two
// 10 s runs; only fast ran G.
const (
	fastRuns = `{"runs":[
 {"name":"F","engine":"native","seeds":"withheld","budget_seconds":10,"found":true,"seconds":1,"executions":10},
 {"name":"F","engine":"native","seeds":"withheld","budget_seconds":10,"found":true,"seconds":2,"executions":20},
 {"name":"F","engine":"native","seeds":"withheld","budget_seconds":10,"found":true,"seconds":3,"executions":30},
 {"name":"G","engine":"native","seeds":"withheld","budget_seconds":10,"found":false,"seconds":10}]}`
	slowScore = `{"budget_seconds":10,"mutants":[{"id":"F","trials":[
 {"killed":true,"seconds_to_kill":8,"executions_to_kill":80},{"killed":false},{"killed":false}]}]}`
)

func TestReportComparesTheSharedUnits(t *testing.T) {
	fast, err := Read("fast", writeFile(t, "efficacy.json", fastRuns))
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Read("slow", writeFile(t, "fuzz-score.json", slowScore))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(append(fast, slow...))
	if err != nil {
		t.Fatal(err)
	}
	// Pooled is F alone, the only shared unit, then F: fast is sooner in
	// every pair, U = 0, A12 = 1.
	if len(a.Pairs) != 2 || a.Pairs[0].Unit != "" || a.Pairs[1].Unit != "F" {
		t.Fatalf("pairs %+v, want pooled then F", a.Pairs)
	}
	for _, p := range a.Pairs {
		if p.U != 0 || p.A12 != 1 || p.NA != 3 || p.NB != 3 {
			t.Errorf("%+v, want U 0, A12 1 over 3 and 3", p)
		}
	}
	dir := t.TempDir()
	if err := a.Write(dir, "canonfuzz mutation stats"); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "stats.md"))
	for _, want := range []string{"| `F` | 3/3, 2.00 (1.00–3.00), 20 ex | 1/3, not reached, 80 ex |", "| `G` | 0/1, not reached | not run |", "| fast | slow | `F` | 3, 3 | 0 | 0.100 | 1.00 | large |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("stats.md lacks %q:\n%s", want, md)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, "stats.html"))
	html := html.UnescapeString(string(page)) // the attribute writes + as &#43;
	imgs := regexp.MustCompile(`src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"`).FindAllStringSubmatch(html, -1)
	if len(imgs) != 3 {
		t.Fatalf("stats.html has %d inline plots, want 3 (pooled, F, G)", len(imgs))
	}
	svg, err := base64.StdEncoding.DecodeString(imgs[0][1])
	if err != nil || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "fast (3/4)") {
		t.Errorf("the pooled plot is no SVG with fast's legend (%v): %.300s", err, svg)
	}
}

func TestReadSplitsAFileOfSeveralConfigurations(t *testing.T) {
	cs, err := Read("x", writeFile(t, "efficacy.json", `{"runs":[
 {"name":"F","engine":"native","seeds":"committed","budget_seconds":10,"found":true,"seconds":1},
 {"name":"F","engine":"libfuzzer","seeds":"withheld","budget_seconds":10,"found":false,"seconds":10}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Name != "x (native, committed, 10s)" || cs[1].Name != "x (libfuzzer, withheld, 10s)" {
		t.Errorf("configs %+v", cs)
	}
	if _, err := Analyze(append(cs, cs[0])); err == nil {
		t.Error("Analyze took two configurations of one name")
	}
	for _, bad := range []string{`{"runs":[]}`, `{"other":1}`, `[`} {
		if _, err := Read("x", writeFile(t, "f.json", bad)); err == nil {
			t.Errorf("Read(%s) took it", bad)
		}
	}
}

func TestMedianCellSaysWhatIsPastTheLongestTrial(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		m, lo, hi float64
		want      string
	}{
		{2, 1, 3, "2.00 (1.00–3.00)"},
		{2, 1, inf, "2.00 (1.00–NA)"},
		{inf, 1, inf, "not reached"},
	} {
		if got := medianCell(Survival{Median: c.m, MedianLower: c.lo, MedianUpper: c.hi}); got != c.want {
			t.Errorf("medianCell(%v, %v, %v) = %q, want %q", c.m, c.lo, c.hi, got, c.want)
		}
	}
}
