package matrix

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestAnalyzeCountsEveryResult: three fakes, one of which reverses a
// specific output, one that refuses "r" and panics on "p", and an
// external one that crashes: minority, blocs, pairs and breakdowns as
// computed by hand.
func TestAnalyzeCountsEveryResult(t *testing.T) {
	same := func(in []byte) ([]byte, error) { return in, nil }
	odd := func(in []byte) ([]byte, error) {
		if string(in) == "x" {
			return []byte("X"), nil
		}
		return in, nil
	}
	picky := func(in []byte) ([]byte, error) {
		switch string(in) {
		case "r":
			return nil, errors.New("no")
		case "p":
			panic("boom")
		}
		return in, nil
	}
	ext, err := OpenExternal(fakeImplFlag(t, "ext", "echo"))
	if err != nil {
		t.Fatal(err)
	}
	defer ext.C.Close()
	impls := []Impl{{"a", "in process", canon{"a", same}}, {"b", "in process", canon{"b", odd}}, {"c", "in process", canon{"c", picky}}, ext}
	inputs := []Input{{"t/x", "t", []byte("x")}, {"t/y", "t", []byte("y")}, {"u/r", "u", []byte("r")}, {"u/p", "u", []byte("p")}, {"u/crash", "u", []byte("crash")}, {"t/z", "t", []byte("z")}}
	var progress bytes.Buffer
	rep := Analyze(Run(inputs, impls, &progress), 1, nil)
	if rep.Implementations[3].Name != "ext" || rep.Implementations[3].Where != "external" {
		t.Errorf("the external implementation is reported as %+v", rep.Implementations[3])
	}
	d := rep.Differential
	if d.AllAccepted != 3 || d.Diverged != 1 || rep.Implementations[1].Minority != 1 || rep.Implementations[1].MinorityByCategory["t"] != 1 {
		t.Errorf("differential %+v, b %+v", d, rep.Implementations[1])
	}
	if len(rep.Breakdowns) != 2 || rep.Breakdowns[0].Kind != "panic" || rep.Breakdowns[1].Kind != "crash" || rep.Breakdowns[1].Input != "u/crash" {
		t.Errorf("breakdowns %+v", rep.Breakdowns)
	}
	if !strings.Contains(progress.String(), "ext: crash on u/crash") {
		t.Errorf("no progress line for the crash:\n%s", progress.String())
	}
	if rep.Surface.Mixed != 3 {
		t.Errorf("mixed %d, want 3 (r, p, crash)", rep.Surface.Mixed)
	}
	// a and b share x, y, z, r, p, crash? a writes all six, b all six:
	// messages 6, failures 1 (x).
	for _, p := range rep.Pairs {
		if p.Signer == "a" && p.Verifier == "b" && (p.Messages != 6 || p.Failures != 1) {
			t.Errorf("pair a->b %+v", p)
		}
		if p.Signer == "c" && p.Verifier == "ext" && (p.Messages != 3 || p.Failures != 0) {
			t.Errorf("pair c->ext %+v", p)
		}
	}
	if w := rep.WorstPair; w == nil || w.Signer != "b" || w.Verifier != "c" || w.Failures != 1 || w.Messages != 4 {
		t.Errorf("worst pair %+v, want b signing, c verifying, 1 of 4 (x; c writes crash)", w)
	}
	if len(d.Partial) != 0 {
		t.Errorf("partial %+v", d.Partial)
	}
	md := rep.Markdown("test")
	for _, want := range []string{"| b | 0 | in process | 6 | 0 | 0 | 1 | t 1 |", "ext | crash | u/crash"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	if svg := PairsSVG([]string{"a", "b"}, rep.Pairs[:1], "t"); !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "16.7%") {
		t.Errorf("svg: %.200s", svg)
	}
}

func TestParseImplFlag(t *testing.T) {
	name, argv, err := ParseImplFlag(`guard=python3 "my adapter.py" --dir 'a b' x\ y`)
	if err != nil || name != "guard" || strings.Join(argv, "|") != "python3|my adapter.py|--dir|a b|x y" {
		t.Errorf("%q %q %v", name, argv, err)
	}
	for _, bad := range []string{"nocommand", "=cmd", "x=", `x="unterminated`} {
		if _, _, err := ParseImplFlag(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
