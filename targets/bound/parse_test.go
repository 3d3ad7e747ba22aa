package bound

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

const appendixHost = `{"v":1,"chain":[{"component":"host","bound":[
 {"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}},
 {"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]}]}`

func TestParseAppendixA(t *testing.T) {
	p, err := Parse([]byte(appendixHost))
	if err != nil {
		t.Fatal(err)
	}
	if p.V != 1 || len(p.Chain) != 1 || p.Chain[0].Component != "host" || len(p.Chain[0].Bound) != 2 {
		t.Fatalf("parsed %+v", p)
	}
	r := p.Chain[0].Bound[0]
	if r.Tool != "create_issue" || r.Args["repo"].Op != OpIn || len(r.Args["repo"].Values) != 2 {
		t.Errorf("rule 0 = %+v", r)
	}
	if c := p.Chain[0].Bound[1].Args["path"]; c.Op != OpPrefix || c.Operand != "/srv/acme/" {
		t.Errorf("rule 1 path = %+v", c)
	}
}

func TestParseIgnoresSig(t *testing.T) {
	for _, sig := range []string{`"abc"`, `42`, `{"alg":"x"}`} {
		p, err := Parse([]byte(`{"v":1,"sig":` + sig + `,"chain":[]}`))
		if err != nil || len(p.Chain) != 0 {
			t.Errorf("sig %s: %v", sig, err)
		}
		out, _ := p.MarshalJSON()
		if string(out) != `{"v":1,"chain":[]}` {
			t.Errorf("sig written back: %s", out)
		}
	}
}

func TestParseVersionByValue(t *testing.T) {
	for _, v := range []string{"1", "1.0", "10e-1"} {
		if _, err := Parse([]byte(`{"v":` + v + `,"chain":[]}`)); err != nil {
			t.Errorf("v %s: %v", v, err)
		}
	}
}

func TestParseMalformed(t *testing.T) {
	rule := func(c string) string {
		return `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":` + c + `}}]}]}`
	}
	const at = "/chain/0/bound/0/args/a"
	for _, c := range []struct{ in, ptr string }{
		{`[]`, ""},
		{`{"chain":[]}`, "/v"},
		{`{"v":2,"chain":[]}`, "/v"},
		{`{"v":"1","chain":[]}`, "/v"},
		{`{"v":1}`, "/chain"},
		{`{"v":1,"chain":{}}`, "/chain"},
		{`{"v":1,"chain":[],"x":1}`, "/x"},
		{`{"v":1,"chain":[{"bound":[]}]}`, "/chain/0/component"},
		{`{"v":1,"chain":[{"component":"h"}]}`, "/chain/0/bound"},
		{`{"v":1,"chain":[{"component":7,"bound":[]}]}`, "/chain/0/component"},
		{`{"v":1,"chain":[{"component":"h","bound":{}}]}`, "/chain/0/bound"},
		{`{"v":1,"chain":[{"component":"h","bound":[{"args":{}}]}]}`, "/chain/0/bound/0/tool"},
		{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","arg":{}}]}]}`, "/chain/0/bound/0/arg"},
		{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":[]}]}]}`, "/chain/0/bound/0/args"},
		{rule(`{"regex":"a.*"}`), at + "/regex"},
		{rule(`{"range":[1,2]}`), at + "/range"},
		{rule(`{"eq":1,"in":[1]}`), at + "/in"},
		{rule(`{}`), at},
		{rule(`"x"`), at},
		{rule(`{"in":"x"}`), at + "/in"},
		{rule(`{"prefix":1}`), at + "/prefix"},
		{rule(`{"glob":true}`), at + "/glob"},
		{rule(`{"glob":"a[b"}`), at + "/glob"},
		{rule(`{"glob":"a\\"}`), at + "/glob"},
		{rule(`{"glob":"[z-a]"}`), at + "/glob"},
		{rule(`{"and":[]}`), at + "/and"},
		{rule(`{"and":{}}`), at + "/and"},
		{rule(`{"and":[{"eq":1},{"regex":"x"}]}`), at + "/and/1/regex"},
		{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a/b":{"x":1}}}]}]}`, "/chain/0/bound/0/args/a~1b/x"},
	} {
		_, err := Parse([]byte(c.in))
		var me *MalformedError
		if !errors.Is(err, ErrMalformed) || !errors.As(err, &me) {
			t.Errorf("%s: %v, want malformed", c.in, err)
			continue
		}
		if me.Pointer != c.ptr {
			t.Errorf("%s: pointer %q (%s), want %q", c.in, me.Pointer, me.Reason, c.ptr)
		}
	}
}

func TestParseGlobErrorKeepsCause(t *testing.T) {
	_, err := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"glob":"["}}}]}]}`))
	if !errors.Is(err, ErrGlobSyntax) || !errors.Is(err, ErrMalformed) {
		t.Errorf("%v: want both ErrMalformed and ErrGlobSyntax", err)
	}
}

func TestParseRefusesWhatAdmitRefuses(t *testing.T) {
	for _, in := range []string{
		`{"v":1,"chain":[],"chain":[{"component":"h","bound":[{"tool":"t"}]}]}`,
		`{"v":1,"chain":[{"component":"\ud800","bound":[]}]}`,
		`{"v":1,"chain":[]} x`,
		"{\"v\":1,\"chain\":[{\"component\":\"\xff\",\"bound\":[]}]}",
	} {
		_, err := Parse([]byte(in))
		var ae *admit.Error
		if !errors.Is(err, ErrMalformed) || !errors.As(err, &ae) {
			t.Errorf("%q: %v, want malformed wrapping an admit refusal", in, err)
		}
	}
}

func TestDecodeAloneIsStrict(t *testing.T) {
	// Without admission first, the decode itself still refuses duplicates.
	if _, err := decodeAdmitted([]byte(`{"a":1,"a":2}`)); !errors.Is(err, ErrMalformed) {
		t.Errorf("duplicate member decoded: %v", err)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	in := `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"b":{"and":[{"prefix":"/x/"},{"glob":"/x/*"}]},"a":{"eq":{"z":1.50,"y":[true,null,"\u0001é"]}}}},{"tool":"u"}]}]}`
	p, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := p.MarshalJSON()
	want := `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"eq":{"y":[true,null,"\u0001é"],"z":1.50}},"b":{"and":[{"prefix":"/x/"},{"glob":"/x/*"}]}}},{"tool":"u"}]}]}`
	if string(out) != want {
		t.Errorf("marshal:\n%s\nwant\n%s", out, want)
	}
	p2, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	out2, _ := p2.MarshalJSON()
	if string(out2) != string(out) {
		t.Errorf("not a fixed point:\n%s\n%s", out, out2)
	}
}

func TestExtendAppendsOneHop(t *testing.T) {
	p, err := Parse([]byte(appendixHost))
	if err != nil {
		t.Fatal(err)
	}
	before, _ := p.MarshalJSON()
	q := p.Extend("planner", Bound{{Tool: "create_issue", Args: map[string]Constraint{"repo": {Op: OpEq, Value: String("acme/app")}}}})
	after, _ := p.MarshalJSON()
	if string(before) != string(after) || len(q.Chain) != 2 || q.Chain[1].Component != "planner" {
		t.Errorf("Extend changed the original or did not append: %s", after)
	}
	var absent *Provenance
	if o := absent.Extend("g", Bound{}); o.V != Version || len(o.Chain) != 1 {
		t.Errorf("originated chain %+v", o)
	}
}

func TestParseCall(t *testing.T) {
	c, err := ParseCall([]byte(`{"name":"read_file","arguments":{"path":"/srv/acme/x"},"_meta":{}}`))
	if err != nil || c.Name != "read_file" || c.Arguments["path"].Str != "/srv/acme/x" {
		t.Errorf("%+v %v", c, err)
	}
	for _, in := range []string{`{"arguments":{}}`, `{"name":1}`, `{"name":"x","arguments":[]}`, `[]`} {
		if _, err := ParseCall([]byte(in)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", in, err)
		}
	}
}
