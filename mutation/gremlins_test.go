package mutation

import (
	"strings"
	"testing"
	"time"
)

// TestGremlinsCorrections: gremlins' JSON for the fixture, with each of its
// known errors, is corrected: a KILLED that does not compile becomes
// CompileError, a TIMED OUT that the package's tests kill given time
// becomes Killed, a NOT COVERED inside a tagless switch case that a test
// kills becomes Killed, and a LIVED stays Survived. (A KILLED that does not
// compile: TestGremlinsKillThatDoesNotCompile.)
func TestGremlinsCorrections(t *testing.T) {
	p := loadFixture(t, fixture)
	out := &GremlinsOutput{GoModule: "fixture"}
	src := string(p.Mod.Targets[0].Files[0].Src)
	at := func(needle string, delta int) (int, int) {
		i := strings.Index(src, needle) + delta
		line := strings.Count(src[:i], "\n") + 1
		return line, i - strings.LastIndex(src[:i], "\n")
	}
	l1, c1 := at("len(in) > MaxLen", 8)  // > : boundary, killed by TestLong
	l2, c2 := at("in[i] < 'a'", 6)       // < in a tagless case
	l3, c3 := at("i < len(in); i++", 2)  // < of the loop: negation
	l4, c4 := at("i < len(in); i++", 14) // ++
	l5, c5 := at("len(in) == 0", 8)      // ==
	out.Files = append(out.Files, GremlinsFile{Filename: "targets/kinds/kinds.go", Mutations: []GremlinsMutation{
		{"CONDITIONALS_BOUNDARY", "TIMED OUT", l1, c1},
		{"CONDITIONALS_NEGATION", "NOT COVERED", l2, c2},
		{"CONDITIONALS_BOUNDARY", "LIVED", l3, c3},
		{"INCREMENT_DECREMENT", "KILLED", l4, c4},
		{"CONDITIONALS_NEGATION", "KILLED", l5, c5},
	}})
	ms, raw, notes, err := p.CorrectGremlins(out, GremlinsOptions{Work: t.TempDir(), Limit: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{Killed, Killed, Survived, Killed, Killed}
	for i, r := range ms {
		if r.Status != want[i] {
			t.Errorf("%s (%s): %s, want %s: %s", r.ID, r.Description, r.Status, want[i], r.StatusReason)
		}
	}
	if raw["KILLED"] != 2 || raw["TIMED OUT"] != 1 || raw["NOT COVERED"] != 1 || raw["LIVED"] != 1 {
		t.Errorf("raw counts %v", raw)
	}
	joined := strings.Join(notes, "\n")
	if !strings.Contains(joined, "NOT COVERED (in a tagless switch case), re-run: Killed: 1") || !strings.Contains(joined, "TIMED OUT, re-run: Killed: 1") {
		t.Errorf("corrections %q", notes)
	}
}

// TestGremlinsKillThatDoesNotCompile: a swap that breaks the build (a
// gremlins KILLED that is go test's build failure) is CompileError.
func TestGremlinsKillThatDoesNotCompile(t *testing.T) {
	p := loadFixture(t, fixture)
	f := p.Mod.Targets[0].Files[0]
	i := strings.Index(string(f.Src), "i++")
	line := strings.Count(string(f.Src[:i]), "\n") + 1
	col := i - strings.LastIndex(string(f.Src[:i]), "\n")
	m, err := reproduce(f, "INCREMENT_DECREMENT", line, col+1)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(m.src[i : i+3]); got != "i--" {
		t.Fatalf("reproduced %q, want i--", got)
	}
	m.src = []byte(strings.Replace(string(m.src), "i--", "i-- -", 1))
	m.status = "KILLED"
	fixed := map[string]int{}
	if status, _ := p.correct(m, GremlinsOptions{}, fixed); status != CompileError {
		t.Fatalf("a kill that does not compile is %s", status)
	}
	if fixed["KILLED that does not compile, now CompileError"] != 1 {
		t.Fatalf("corrections %v", fixed)
	}
}
