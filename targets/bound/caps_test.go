package bound

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"
)

// A chain whose meet would be too large to build denies instead of
// admitting or running away.
func TestMeetCapsDeny(t *testing.T) {
	var rules []string
	for i := range 300 {
		rules = append(rules, fmt.Sprintf(`{"tool":"t","args":{"a%d":{"prefix":"x"}}}`, i))
	}
	hop := `{"component":"h","bound":[` + strings.Join(rules, ",") + `]}`
	doc := `{"v":1,"chain":[` + hop + "," + hop + "," + hop + `]}`
	p, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var d Decision
	cost := alloctest.Bytes(func() {
		if _, err := EffBound(p, Canon{}); !errors.Is(err, ErrTooLarge) {
			t.Errorf("effbound of 300^3 rule combinations: %v", err)
		}
		d = Check(p, Call{Name: "t", Arguments: map[string]Value{}}, Canon{})
	})
	if d.Admit {
		t.Errorf("a call was admitted past the cap: %+v", d)
	}
	if limit := uint64(1 << 20); cost > limit {
		t.Errorf("the refused meets allocated %d bytes (the chain is %d), want at most %d", cost, len(doc), limit)
	}
}

// A meet of two large in lists costs a small multiple of the lists:
// operands are canonicalized once per reading, and past maxFilterWork the
// meet is the exact "and".
func TestMeetLargeInCostsItsSize(t *testing.T) {
	var a, b Constraint
	a.Op, b.Op = OpIn, OpIn
	for i := range 20000 {
		a.Values = append(a.Values, String(fmt.Sprintf("v%d", i)))
		b.Values = append(b.Values, String(fmt.Sprintf("v%d", 2*i)))
	}
	size := len(a.appendJSON(nil)) + len(b.appendJSON(nil))
	var m Constraint
	var ok bool
	cost := alloctest.Bytes(func() { m, ok = MeetConstraints(a, b, ModeDual, false) })
	if !ok {
		t.Fatal("the meet of two overlapping in lists is empty")
	}
	if limit := uint64(64 * size); cost > limit {
		t.Errorf("the meet allocated %d bytes for %d bytes of operands, want at most %d", cost, size, limit)
	}
	if !Admits(m, String("v10"), ModeDual, false) || Admits(m, String("v11"), ModeDual, false) {
		t.Error("large in meet inexact")
	}
}

// A match whose work would pass MaxGlobWork is refused without running:
// it allocates nothing, where the match below the cap has to.
func TestGlobWorkCap(t *testing.T) {
	g, err := CompileGlob(strings.Repeat("*a", 1<<10))
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a", (MaxGlobWork/len(g.toks))+1)
	if n := testing.AllocsPerRun(3, func() {
		if g.Match(big) {
			t.Error("matched past the work cap")
		}
	}); n != 0 {
		t.Errorf("the refused match allocated %v times", n)
	}
	if !g.Match(strings.Repeat("a", 1<<10)) {
		t.Error("a match within the cap failed")
	}
}

// Many glob conjunctions share one search budget: the meet stays exact
// (an undecided and), finishes, and allocates within a small multiple of
// the search states the budget allows.
func TestMeetSearchBudget(t *testing.T) {
	var rules []string
	for i := range 60 {
		rules = append(rules, fmt.Sprintf(`{"tool":"t","args":{"a":{"glob":"**x%d**y**z**"}}}`, i))
	}
	b, err := ParseBound([]byte("[" + strings.Join(rules, ",") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	var m Bound
	cost := alloctest.Bytes(func() { m, err = MeetBounds(b, b, Canon{}) })
	if err != nil || len(m) == 0 {
		t.Fatalf("%d rules, %v", len(m), err)
	}
	if limit := uint64(256 * maxSearchStates); cost > limit {
		t.Errorf("the meet allocated %d bytes, want at most %d (%d search states)", cost, limit, maxSearchStates)
	}
}

// A chain of many rules against one large argument is denied once the
// check's work passes MaxCheckWork, instead of running for minutes: the
// check allocates a small multiple of the argument and the chain.
func TestCheckWorkCap(t *testing.T) {
	var rules []string
	for range MaxRules {
		rules = append(rules, `{"tool":"t","args":{"a":{"glob":"*b*b"}}}`)
	}
	doc := `{"v":1,"chain":[{"component":"h","bound":[` + strings.Join(rules, ",") + `]}]}`
	p, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	arg := strings.Repeat("a", 1<<20)
	call := Call{Name: "t", Arguments: map[string]Value{"a": String(arg)}}
	var d Decision
	cost := alloctest.Bytes(func() { d = Check(p, call, Canon{Schemas: Schemas{"t": {"a": ModePlain}}}) })
	if d.Admit || !strings.Contains(d.Reason, "work cap") {
		t.Errorf("%+v", d)
	}
	if limit := uint64(4 * (len(doc) + len(arg))); cost > limit {
		t.Errorf("the check allocated %d bytes for a %d-byte chain and a %d-byte argument, want at most %d", cost, len(doc), len(arg), limit)
	}
}
