package bound

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// A chain whose meet would be too large to build denies instead of
// admitting or running away.
func TestMeetCapsDeny(t *testing.T) {
	var rules []string
	for i := range 300 {
		rules = append(rules, fmt.Sprintf(`{"tool":"t","args":{"a%d":{"prefix":"x"}}}`, i))
	}
	hop := `{"component":"h","bound":[` + strings.Join(rules, ",") + `]}`
	p, err := Parse([]byte(`{"v":1,"chain":[` + hop + "," + hop + "," + hop + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := EffBound(p, Canon{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("effbound of 300^3 rule combinations: %v", err)
	}
	if d := Check(p, Call{Name: "t", Arguments: map[string]Value{}}, Canon{}); d.Admit {
		t.Errorf("a call was admitted past the cap: %+v", d)
	}
}

// A meet of two large in lists stays fast: operands are canonicalized once
// per reading, and past maxFilterWork the meet is the exact "and".
func TestMeetLargeInIsFast(t *testing.T) {
	var a, b Constraint
	a.Op, b.Op = OpIn, OpIn
	for i := range 20000 {
		a.Values = append(a.Values, String(fmt.Sprintf("v%d", i)))
		b.Values = append(b.Values, String(fmt.Sprintf("v%d", 2*i)))
	}
	start := time.Now()
	m, ok := MeetConstraints(a, b, ModeDual, false)
	if !ok || time.Since(start) > 5*time.Second {
		t.Fatalf("meet took %v", time.Since(start))
	}
	if !Admits(m, String("v10"), ModeDual, false) || Admits(m, String("v11"), ModeDual, false) {
		t.Error("large in meet inexact")
	}
}

// A match whose work would pass MaxGlobWork is refused without running.
func TestGlobWorkCap(t *testing.T) {
	g, err := CompileGlob(strings.Repeat("*a", 1<<10))
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a", (MaxGlobWork/len(g.toks))+1)
	start := time.Now()
	if g.Match(big) {
		t.Error("matched past the work cap")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refusal took %v", d)
	}
	if !g.Match(strings.Repeat("a", 1<<10)) {
		t.Error("a match within the cap failed")
	}
}

// Many glob conjunctions share one search budget: the meet stays exact
// (an undecided and) and finishes.
func TestMeetSearchBudget(t *testing.T) {
	var rules []string
	for i := range 60 {
		rules = append(rules, fmt.Sprintf(`{"tool":"t","args":{"a":{"glob":"**x%d**y**z**"}}}`, i))
	}
	b, err := ParseBound([]byte("[" + strings.Join(rules, ",") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	m, err := MeetBounds(b, b, Canon{})
	if err != nil || len(m) == 0 {
		t.Fatalf("%d rules, %v", len(m), err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("meet took %v", d)
	}
}

// A chain of many rules against one large argument is denied once the
// check's work passes MaxCheckWork, instead of running for minutes.
func TestCheckWorkCap(t *testing.T) {
	var rules []string
	for range 5000 {
		rules = append(rules, `{"tool":"t","args":{"a":{"glob":"*b*b"}}}`)
	}
	p, err := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[` + strings.Join(rules, ",") + `]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	call := Call{Name: "t", Arguments: map[string]Value{"a": String(strings.Repeat("a", 1<<20))}}
	start := time.Now()
	d := Check(p, call, Canon{Schemas: Schemas{"t": {"a": ModePlain}}})
	if d.Admit || !strings.Contains(d.Reason, "work cap") {
		t.Errorf("%+v", d)
	}
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("check took %v", el)
	}
}
