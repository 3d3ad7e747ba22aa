package gen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestGenerateChainProbeDrawsEveryKind: over seeded inputs, every operator,
// every structural corner and every probe label appears; chains without a
// corner parse, and every call's params are read by ParseCall or carry a
// planted flaw.
func TestGenerateChainProbeDrawsEveryKind(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ops, corners, labels := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for range 2000 {
		data := make([]byte, 64)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p := GenerateChainProbe(data)
		head, corner, _ := strings.Cut(p.Label, "+")
		for _, op := range strings.FieldsFunc(head, func(r rune) bool { return r == '|' || r == ',' }) {
			ops[op] = true
		}
		corners[corner] = true
		if _, err := bound.Parse(p.Provenance); corner == "" && err != nil {
			t.Fatalf("chain %s without a corner does not parse: %v\n%s", p.Label, err, p.Provenance)
		}
		for _, c := range p.Calls {
			labels[c.Label] = true
		}
	}
	for _, op := range []string{"eq", "in", "prefix", "glob", "and"} {
		if !ops[op] {
			t.Errorf("no hop with %s", op)
		}
	}
	for _, c := range chainCorners {
		if !corners[c.name] {
			t.Errorf("no chain with corner %s", c.name)
		}
	}
	for _, l := range []string{"respelled", "prefix-boundary", "slash-crossing", "dot-segment-escape", "encoded-dot-segment", "encoded-separator", "nfd", "type-confusion", "duplicate-argument", "case", "malformed-percent"} {
		if !labels[l] {
			t.Errorf("no call labelled %s", l)
		}
	}
}

// TestMeetCornersReachEveryPairAndStep: the named corners hold every
// ordered pair of the five operators over operands related by every
// canonicalization step (and by none), the spelled operand on the second
// hop and on the first, each a chain of two hops that parses, with a call
// of the path the spelled operand means.
func TestMeetCornersReachEveryPairAndStep(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range MeetCorners() {
		pv, err := bound.Parse(p.Provenance)
		if err != nil || len(pv.Chain) != 2 {
			t.Fatalf("%s: %v, %d hops\n%s", p.Label, err, len(pv.Chain), p.Provenance)
		}
		seen[p.Label] = true
		if len(p.Calls) < 4 || p.Calls[0].Label != "means" {
			t.Errorf("%s: calls %v", p.Label, p.Calls)
		}
	}
	for _, a := range cornerOps {
		for _, b := range cornerOps {
			for _, step := range MeetCornerSteps {
				for _, l := range []string{string(a) + "|" + string(b) + "@" + step, string(a) + "|" + string(b) + "@" + step + "-first"} {
					if !seen[l] {
						t.Errorf("no corner %s", l)
					}
				}
			}
		}
	}
	for _, cp := range meetCornerPaths {
		if !slices.Contains(MeetCornerSteps, cp.step) {
			t.Errorf("path pair %q of an unnamed step %q", cp.second, cp.step)
		}
		spelled := map[string]func(string) bool{
			"none": func(s string) bool {
				return !strings.ContainsAny(s, "%") && !strings.Contains(s, "//") && !strings.HasSuffix(s, "/")
			},
			"dot":    func(s string) bool { return strings.Contains(s, "/./") || strings.Contains(s, "/../") },
			"pct":    func(s string) bool { return strings.Contains(s, "%") },
			"nfc":    func(s string) bool { return strings.Contains(s, "\u0301") },
			"case":   func(s string) bool { return s != strings.ToLower(s) },
			"tslash": func(s string) bool { return strings.HasSuffix(s, "/") || strings.HasSuffix(cp.first, "/") },
			"dslash": func(s string) bool { return strings.Contains(s, "//") },
		}[cp.step]
		if spelled == nil || !spelled(cp.second) {
			t.Errorf("%q is not spelled by its step %s", cp.second, cp.step)
		}
	}
}
