package matrix

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The ten classes of the reference guard issue 19 read by hand against the
// text of SEP-3246 get, computed by the readings of the text, the verdict
// the reading by hand gave them: four violations under every reading, one
// over-restriction every reading admits, three ambiguities named by their
// open point, and two of our own hardening named by their finding.
func TestJudgeReadingsAgreesWithTheClassesReadByHand(t *testing.T) {
	const v1 = `{"v":1,"chain":[{"component":"","bound":[{"tool":"","args":{"":`
	one := func(c string) string { return v1 + c + `}}]}]}` }
	two := func(c, d string) string {
		return `{"v":1,"chain":[{"component":"","bound":[{"tool":"","args":{"":` + c + `}}]},{"component":"","bound":[{"tool":"","args":{"":` + d + `}}]}]}`
	}
	call := func(arg string) string { return `{"name":"","arguments":{"":` + arg + `}}` }
	for _, tc := range []struct {
		name, kind, prov, params, want string
	}{
		{"a glob and a prefix met by implication", Unsound, two(`{"glob":"*"}`, `{"prefix":""}`), call(`"/"`), Violation},
		{"operands compared before canonicalizing", Unsound, two(`{"prefix":"/srv/a"}`, `{"prefix":"/srv/a/.."}`), call(`"/srv"`), Violation},
		{"False == 0", Unsound, one(`{"eq":0}`), call(`false`), Violation},
		{"a missing v defaulted", Unsound, `{"chain":[{"component":"","bound":[{"tool":""}]}]}`, `{"name":""}`, Violation},
		{"a glob operand never normalized to NFC", OverRestrictive, one(`{"glob":"/srv/cafe\u0301/ "}`), call(`"/srv/café/ "`), Violation},
		{"a string read as a path with no schema to say so", Unsound, one(`{"in":["a/b"]}`), call(`"a/./b"`), Verdict(Ambiguity, "undeclared-path")},
		{"a prefix ending in a separator", Unsound, one(`{"prefix":"/s/"}`), call(`"/s "`), Verdict(Ambiguity, "undeclared-path+prefix-separator")},
		{"and: []", Unsound, `{"v":1,"chain":[{"component":"","bound":[{"tool":"","args":{"":{"and":[]}}},{"tool":""}]}]}`, `{"name":""}`, Verdict(Ambiguity, "and-empty")},
		{`prefix "" and "%2F"`, Unsound, one(`{"prefix":""}`), call(`"%2F"`), Verdict(Hardening, "canon-encoded-separator")},
		{`eq "acme%2Fapp" and the byte-identical argument`, Unsound, one(`{"eq":"acme%2Fapp"}`), call(`"acme%2Fapp"`), Verdict(Hardening, "canon-encoded-separator")},
	} {
		if got := Verdict(JudgeReadings([]byte(tc.prov), []byte(tc.params), tc.kind)); got != tc.want {
			t.Errorf("%s: judged %q, read by hand %q", tc.name, got, tc.want)
		}
		if admits, _ := Model([]byte(tc.prov), []byte(tc.params)); admits != (tc.kind == OverRestrictive) {
			t.Errorf("%s: the model admits %v; the class is %s", tc.name, admits, tc.kind)
		}
	}
}

// The readings never judge an agreement, an undecided answer or a
// breakdown.
func TestJudgeReadingsOnlyJudgesDepartures(t *testing.T) {
	for _, kind := range []string{"", KindUndecided, KindBreakdown} {
		if way, detail := JudgeReadings([]byte(`{}`), []byte(`{}`), kind); way != "" || detail != "" {
			t.Errorf("kind %q judged %s %s", kind, way, detail)
		}
	}
}

// The hardening is the layers: the text with every layer on and the narrow
// choice on every open point (bound.Hardened decided by the layered
// evaluator, not by Check) gives bound.Check's answer on every probe of
// the guard study, so that the readings of the text are Check with the
// layers switched off and a hardening verdict names what Check adds.
func TestLayeredHardenedReadingIsCheck(t *testing.T) {
	probes := GenerateProbes(8785, DefaultChains, true)
	differ := 0
	for _, p := range probes {
		check := bound.Hardened.Check(p.Provenance, p.Params, bound.Canon{})
		layered := bound.Hardened.CheckLayered(p.Provenance, p.Params, bound.Canon{})
		if check.Admit != layered.Admit {
			if differ++; differ <= 5 {
				t.Errorf("%s: Check admits %v (%s), the layers %v (%s)", p.ID, check.Admit, check.Reason, layered.Admit, layered.Reason)
			}
		}
	}
	if differ > 0 || len(probes) < 50000 {
		t.Errorf("%d of %d probes differ", differ, len(probes))
	}
}
