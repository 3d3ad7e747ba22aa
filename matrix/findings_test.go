package matrix

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/minimize"
)

func TestShortName(t *testing.T) {
	for name, want := range map[string]string{"npm/@truestamp/canonify": "npm-truestamp-canonify", "gowebpki/jcs@v1.0.1": "gowebpki-jcs-v1-0-1", "no-escalation": "no-escalation"} {
		if got := ShortName(name); got != want {
			t.Errorf("ShortName(%s) = %s, want %s", name, got, want)
		}
	}
}

func TestCanonDeparture(t *testing.T) {
	for _, c := range []struct {
		o    Outcome
		in   string
		want minimize.Signature
	}{
		{Outcome{Class: oracle.Output, Output: []byte(`{"a":2}`)}, `{"a":1,"a":2}`, "x:admits:DuplicateMember"},
		{Outcome{Class: oracle.Refusal}, `"x"`, "x:refuses"},
		{Outcome{Class: oracle.Output, Output: []byte(`{"a":1,"b":2}`)}, `{"b":2,"a":1}`, minimize.Pass},
		{Outcome{Class: oracle.Output, Output: []byte(`{"b":2,"a":1}`)}, `{"b":2,"a":1}`, "x:output-differs:order"},
		{Outcome{Class: oracle.Output, Output: []byte("{\"\ue000\":2,\"😀\":1}")}, `{"😀":1,"\ue000":2}`, "x:output-differs:order"},
		{Outcome{Class: oracle.Output, Output: []byte(`9007199254740993`)}, `9007199254740993`, "x:output-differs:content"},
		{Outcome{Class: oracle.Output, Output: []byte(`{"a":1}`)}, `{"a":1.0}`, minimize.Pass},
		{Outcome{Class: oracle.Output, Output: []byte(`{"a":10}`)}, `{"a":1}`, "x:output-differs:content"},
		{Outcome{Class: oracle.Refusal}, `[1,]`, minimize.Pass},
		{Outcome{Class: oracle.Breakdown, Kind: "crash"}, `[]`, "x:breakdown(crash)"},
	} {
		if got := CanonDeparture("x", c.o, []byte(c.in)); got != c.want {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestReplayGuardGoesRed: a guard finding replays while our guard denies
// its call, and fails when the finding claims a call our guard admits,
// when the payload lost the shape its diagnosis names, and, with the guard
// it is about, when that guard no longer departs the recorded way.
func TestReplayGuardGoesRed(t *testing.T) {
	chain := chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/x"`})
	vec := func(prov, params string) findings.Vector {
		payload := EncodePair([]byte(prov), []byte(params))
		v := newJudge(rawMeetGuard{}).classify([]byte(prov), []byte(params))
		return findings.Vector{Target: "g", Signature: GuardSignature("g", v.kind, v.reason, v.diag), Payload: payload}
	}
	v := vec(chain, callOf("/srv/x/a/b"))
	if !strings.HasSuffix(string(v.Signature), ":unsound:"+string(v.Signature[len("g:unsound:"):])) || !strings.HasSuffix(string(v.Signature), "path/meet(glob|prefix)[]") {
		t.Fatalf("signature %q", v.Signature)
	}
	if err := ReplayGuard(v, rawMeetGuard{}); err != nil {
		t.Errorf("the glob-with-prefix call: %v", err)
	}
	admitted := v
	admitted.Payload = EncodePair([]byte(chain), []byte(callOf("/srv/x")))
	if err := ReplayGuard(admitted, nil); err == nil || !strings.Contains(err.Error(), "must deny") {
		t.Errorf("a call every hop admits, recorded unsound: %v", err)
	}
	reshaped := v
	reshaped.Payload = EncodePair([]byte(strings.Replace(chain, "glob", "eq", 1)), []byte(callOf("/srv/x/a/b")))
	if err := ReplayGuard(reshaped, nil); err == nil || !strings.Contains(err.Error(), "eq|prefix") {
		t.Errorf("a payload with other operators: %v", err)
	}
	oneHop := v
	oneHop.Payload = EncodePair([]byte(chainOf([2]string{"glob", `"/srv/*"`})), []byte(callOf("/srv/x/a/b")))
	if err := ReplayGuard(oneHop, nil); err == nil || !strings.Contains(err.Error(), "check of glob") {
		t.Errorf("a payload of one hop for a meet fault: %v", err)
	}
	if err := ReplayGuard(v, OursGuard{}); err == nil || !strings.Contains(err.Error(), "now signs") {
		t.Errorf("replayed against a guard that does not depart: %v", err)
	}
}

func TestEncodePairRoundTrip(t *testing.T) {
	p, q := []byte(`{"a":1,"a":2}`), []byte("{\"s\":\"\xff\"}")
	gp, gq, ok := DecodePair(EncodePair(p, q))
	if !ok || string(gp) != string(p) || string(gq) != string(q) {
		t.Errorf("round trip: %q %q %v", gp, gq, ok)
	}
	for _, bad := range []string{`[{}]`, `[{},{},{}]`, `{}`, `[{},{}] x`} {
		if _, _, ok := DecodePair([]byte(bad)); ok {
			t.Errorf("%s decoded", bad)
		}
	}
}
