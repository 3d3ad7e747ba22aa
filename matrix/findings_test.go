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
		{Outcome{Class: oracle.Output, Output: []byte(`{"b":2,"a":1}`)}, `{"b":2,"a":1}`, "x:output-differs"},
		{Outcome{Class: oracle.Refusal}, `[1,]`, minimize.Pass},
		{Outcome{Class: oracle.Breakdown, Kind: "crash"}, `[]`, "x:breakdown(crash)"},
	} {
		if got := CanonDeparture("x", c.o, []byte(c.in)); got != c.want {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestReplayGuardGoesRed: a guard finding replays while our guard denies
// its call, and fails when the finding claims a call our guard admits, or
// when the payload lost its fingerprint.
func TestReplayGuardGoesRed(t *testing.T) {
	chain := `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"p":{"glob":"/srv/*"}}}]},{"component":"w","bound":[{"tool":"t","args":{"p":{"prefix":"/srv/"}}}]}]}`
	vec := func(params, kind string) findings.Vector {
		payload := EncodePair([]byte(chain), []byte(params))
		prov, q, _ := DecodePair(payload)
		_, reason := Model(prov, q)
		return findings.Vector{Target: "g", Signature: GuardSignature("g", kind, reasonClass(reason), fingerprint(prov, q)), Payload: payload}
	}
	if err := ReplayGuard(vec(`{"name":"t","arguments":{"p":"/srv/a/b"}}`, Unsound), nil); err != nil {
		t.Errorf("the glob-with-prefix call: %v", err)
	}
	if err := ReplayGuard(vec(`{"name":"t","arguments":{"p":"/srv/a"}}`, Unsound), nil); err == nil || !strings.Contains(err.Error(), "must deny") {
		t.Errorf("a call every hop admits, recorded unsound: %v", err)
	}
	v := vec(`{"name":"t","arguments":{"p":"/srv/a/b"}}`, Unsound)
	v.Payload = EncodePair([]byte(strings.Replace(chain, "glob", "eq", 1)), []byte(`{"name":"t","arguments":{"p":"/srv/a/b"}}`))
	if err := ReplayGuard(v, nil); err == nil || !strings.Contains(err.Error(), "fingerprint") {
		t.Errorf("a payload with other operators: %v", err)
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
