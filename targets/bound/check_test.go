package bound

import (
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"
)

const appendixPlanner = `{"component":"planner","bound":[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]}`

func appendixChain(t *testing.T, extra ...string) *Provenance {
	t.Helper()
	hops := strings.TrimSuffix(appendixHost, "]}") + "," + appendixPlanner
	for _, h := range extra {
		hops += "," + h
	}
	p, err := Parse([]byte(hops + "]}"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func call(t *testing.T, raw string) Call {
	t.Helper()
	c, err := ParseCall([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCheckAppendixA(t *testing.T) {
	p := appendixChain(t)
	eff, err := EffBound(p, Canon{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := eff.MarshalJSON(); string(got) != `[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]` {
		t.Errorf("effbound = %s", got)
	}
	for _, c := range []struct {
		call  string
		admit bool
		why   string
	}{
		{`{"name":"create_issue","arguments":{"repo":"acme/app","title":"Fix login"}}`, true, "within"},
		{`{"name":"create_issue","arguments":{"repo":"acme/docs"}}`, false, `hop 1 ("planner")`},
		{`{"name":"read_file","arguments":{"path":"/srv/acme/README"}}`, false, `hop 1 ("planner") permits no tool`},
		{`{"name":"create_issue","arguments":{"title":"no repo"}}`, false, "absent"},
		{`{"name":"create_issue","arguments":{"repo":["acme/app"]}}`, false, "does not satisfy"},
	} {
		d := Check(p, call(t, c.call), Canon{})
		if d.Admit != c.admit || !strings.Contains(d.Reason, c.why) {
			t.Errorf("%s: %+v, want admit %v with %q", c.call, d, c.admit, c.why)
		}
	}
}

func TestCheckReamplification(t *testing.T) {
	p := appendixChain(t, `{"component":"worker","bound":[{"tool":"create_issue","args":{"repo":{"in":["acme/app","evil/pwn"]}}}]}`)
	if d := Check(p, call(t, `{"name":"create_issue","arguments":{"repo":"evil/pwn"}}`), Canon{}); d.Admit {
		t.Errorf("widening downstream restored authority: %+v", d)
	}
	if d := Check(p, call(t, `{"name":"create_issue","arguments":{"repo":"acme/app"}}`), Canon{}); !d.Admit {
		t.Errorf("acme/app denied: %+v", d)
	}
}

func TestCheckDegenerate(t *testing.T) {
	c := Call{Name: "t", Arguments: map[string]Value{}}
	empty, err := Parse([]byte(`{"v":1,"chain":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	revoked, err := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t"}]},{"component":"r","bound":[]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]*Provenance{"nil": nil, "empty chain": empty, "empty bound": revoked, "bad v": {V: 2, Chain: []Hop{{Bound: Bound{{Tool: "t"}}}}}} {
		if d := Check(p, c, Canon{}); d.Admit || d.Reason == "" {
			t.Errorf("%s: %+v", name, d)
		}
	}
	if eff, _ := EffBound(empty, Canon{}); len(eff) != 0 {
		t.Errorf("empty chain effbound %v", eff)
	}
	if eff, _ := EffBound(revoked, Canon{}); len(eff) != 0 {
		t.Errorf("revoked effbound %v", eff)
	}
	one, _ := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t"}]}]}`))
	if d := Check(one, c, Canon{}); !d.Admit {
		t.Errorf("unconstrained rule denied: %+v", d)
	}
}

func TestCheckCanonicalizesArguments(t *testing.T) {
	p, err := Parse([]byte(appendixHost))
	if err != nil {
		t.Fatal(err)
	}
	tools, err := ParseTools([]byte(`{"tools":[{"name":"read_file","inputSchema":{"type":"object","properties":{"path":{"type":"string","format":"path"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Canon{{}, {Schemas: tools}} {
		for _, path := range []string{"/srv/acme/../../etc/passwd", "/srv/acme/%2e%2e/%2e%2e/etc/passwd", "/srv/acme/%252e%252e/x", "/srv/acme-secrets/k", "/srv/acme/../../.."} {
			if d := Check(p, call(t, `{"name":"read_file","arguments":{"path":"`+path+`"}}`), c); d.Admit {
				t.Errorf("%s admitted with schemas %v", path, c.Schemas)
			}
		}
		for _, path := range []string{"/srv/acme/README", "/srv/acme//a/./b/", "/srv/acme/x/../y"} {
			if d := Check(p, call(t, `{"name":"read_file","arguments":{"path":"`+path+`"}}`), c); !d.Admit {
				t.Errorf("%s denied with schemas %v: %s", path, c.Schemas, d.Reason)
			}
		}
	}
}

// The directory itself is under the prefix "/srv/acme/" only where the
// argument is declared a path: the NFC-only reading of an undeclared one
// sees the string "/srv/acme", which does not start with "/srv/acme/".
func TestCheckDirectoryItself(t *testing.T) {
	p, err := Parse([]byte(appendixHost))
	if err != nil {
		t.Fatal(err)
	}
	c := call(t, `{"name":"read_file","arguments":{"path":"/srv/acme"}}`)
	if d := Check(p, c, Canon{Schemas: Schemas{"read_file": {"path": ModeHierarchical}}}); !d.Admit {
		t.Errorf("declared path: %+v", d)
	}
	if d := Check(p, c, Canon{}); d.Admit {
		t.Errorf("undeclared: %+v", d)
	}
}

func TestParseToolsResponse(t *testing.T) {
	s, err := ParseTools([]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"fetch","inputSchema":{"properties":{"url":{"type":"string","format":"uri"},"n":{"type":"integer"}}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.ModeOf("fetch", "url") != ModeHierarchical || s.ModeOf("fetch", "n") != ModeDual || s.ModeOf("other", "x") != ModeDual {
		t.Errorf("schemas %v", s)
	}
	if _, err := ParseTools([]byte(`{"tools":{}}`)); err == nil {
		t.Error("tools object accepted")
	}
}

// Check writes its reason only when it denies: a call that a hop's second
// rule admits, after its first rule failed, costs one allocation more than
// the same call admitted by the second rule alone (the first rule's sorted
// argument names), not the failing rule's reason written with fmt (nine
// allocations at 7fbd975); and an admitted call writes none (7fbd975: five
// allocations, one of them its reason). The reason of an admitted call is
// still the text it was, within MaxHops and past it.
func TestCheckWritesAReasonOnlyWhenItDenies(t *testing.T) {
	if alloctest.Race {
		t.Skip(alloctest.RaceSkip)
	}
	chain := func(rules string) *Provenance {
		p, err := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[` + rules + `]}]}`))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	failing, admitting := `{"tool":"t","args":{"a":{"prefix":"/x/"}}}`, `{"tool":"t","args":{"a":{"prefix":"/srv/"}}}`
	afterFailure, alone := chain(failing+","+admitting), chain(admitting)
	c := call(t, `{"name":"t","arguments":{"a":"/srv/acme"}}`)
	for _, p := range []*Provenance{afterFailure, alone} {
		if d := Check(p, c, Canon{}); !d.Admit || d.Reason != "within effbound of 1 hops" {
			t.Fatalf("%+v", d)
		}
	}
	a := testing.AllocsPerRun(100, func() { Check(alone, c, Canon{}) })
	b := testing.AllocsPerRun(100, func() { Check(afterFailure, c, Canon{}) })
	if a > 4 {
		t.Errorf("an admitted call makes %v allocations, want at most 4", a)
	}
	if b > a+1 {
		t.Errorf("a call admitted after a failing rule makes %v allocations, the same call admitted alone %v: want at most one more", b, a)
	}
	for _, n := range []int{1, 2, MaxHops, MaxHops + 1, 3 * MaxHops} {
		p := &Provenance{V: Version}
		for range n {
			p.Chain = append(p.Chain, alone.Chain[0])
		}
		if d, want := Check(p, c, Canon{}), fmt.Sprintf("within effbound of %d hops", n); !d.Admit || d.Reason != want {
			t.Errorf("%d hops: %+v, want the reason %q", n, d, want)
		}
	}
}
