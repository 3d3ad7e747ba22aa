package oracle

import (
	"errors"
	"strings"
	"testing"
)

// fixed is a Canonicalizer that always gives the same answer.
type fixed struct {
	name string
	out  string
	err  error
}

func (f fixed) Name() string    { return f.name }
func (f fixed) Version() string { return "1" }
func (f fixed) Close() error    { return nil }
func (f fixed) Canonicalize([]byte) ([]byte, error) {
	if f.err != nil {
		return nil, f.err
	}
	return []byte(f.out), nil
}

func TestDifferReportsOnlyDisagreements(t *testing.T) {
	subject := fixed{name: "ours", out: `{"a":1}`}
	same := fixed{name: "same", out: `{"a":1}`}
	other := fixed{name: "other", out: `{"a":2}`}
	refuses := fixed{name: "strict", err: Refused("strict", errors.New("duplicate"))}
	crashes := fixed{name: "crashy", err: errors.New("process died")}
	input := []byte("{\"a\":1,\"a\":1}\xff")
	ds := Differ(input, subject, same, other, refuses, crashes)
	var names []string
	for _, d := range ds {
		names = append(names, d.Reference.Oracle)
		if string(d.Input) != string(input) {
			t.Errorf("disagreement lost the input: %q", d.Input)
		}
	}
	if got := strings.Join(names, ","); got != "other@1,strict@1,crashy@1" {
		t.Errorf("disagreeing references: %s", got)
	}
	if s := ds[0].String(); !strings.Contains(s, `\xff`) || !strings.Contains(s, "ours@1") {
		t.Errorf("a disagreement's report must hold the full input and both answers: %s", s)
	}
}

func TestRefusalsAgreeWhateverTheReason(t *testing.T) {
	a := Run(fixed{name: "a", err: Refused("a", errors.New("x"))}, nil)
	b := Run(fixed{name: "b", err: Refused("b", errors.New("y"))}, nil)
	broken := Run(fixed{name: "c", err: &PanicError{Oracle: "c", Value: 1}}, nil)
	if !a.Agrees(b) || a.Agrees(broken) || broken.Agrees(broken) {
		t.Errorf("agreement of refusals and breakdowns is wrong: %v %v %v", a, b, broken)
	}
	if broken.Class() != Breakdown || a.Class() != Refusal {
		t.Errorf("classes: %v, %v", broken.Class(), a.Class())
	}
}
