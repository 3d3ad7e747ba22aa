package mutation

import (
	"slices"
	"strconv"
	"testing"
)

// TestFindsHandledRefusals: the first statement of a branch that a test of
// a target's sentinel leads to (errors.Is(err, S) in a tagless case,
// err == S or S == err in an if) is a site of kind S, with DropCheck on
// the test; a sentinel of another package (io.EOF), the branch's second
// statement and an err != S branch are not (find_handled.go). Before it,
// the guard's answer to a request over --max-in-flight was never mutated.
func TestFindsHandledRefusals(t *testing.T) {
	p := loadFixture(t, "testdata/handled")
	var got []string
	for _, s := range p.Sites {
		if s.Func == "Put" {
			got = append(got, s.Kind+" line "+strconv.Itoa(s.Line))
		}
	}
	want := []string{"queue.errFull line 33", "queue.errFull line 41", "queue.errFull line 44"}
	if !slices.Equal(got, want) {
		t.Fatalf("sites of Put:\n got %q\nwant %q", got, want)
	}
	var ops []string
	for _, m := range p.Mutants {
		if m.Site.Func == "Put" {
			ops = append(ops, m.Operator+"="+m.Edits[0].Mut)
		}
	}
	wantOps := []string{
		"DropCheck=false && (errors.Is(err, errFull))",
		"DropCheck=false && (err == errFull)",
		"DropCheck=false && (errFull == err)",
	}
	if !slices.Equal(ops, wantOps) {
		t.Errorf("mutants of Put:\n got %q\nwant %q", ops, wantOps)
	}
}
