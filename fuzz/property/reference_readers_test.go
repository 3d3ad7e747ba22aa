package property

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// The provenance reference reads each fault where the documentation puts
// it, on its own numbers for the limits, and bound.Parse agrees.
func TestProvenanceReferenceFindsEachFault(t *testing.T) {
	rule := func(c string) string {
		return `{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":` + c + `}}]}]}`
	}
	in := func(n int) string { return `{"in":[` + strings.Repeat(`1,`, n-1) + `1]}` }
	for _, c := range []struct {
		doc, pointer string
		limit        bool
	}{
		{`{"v":1,"chain":[]}`, "", false},
		{`{"v":1.0,"chain":[],"sig":null}`, "", false},
		{`{"v":10e-1,"chain":[]}`, "", false},
		{`[]`, "#", false},
		{`{"v":2,"chain":[]}`, "/v", false},
		{`{"v":"1","chain":[]}`, "/v", false},
		{`{"chain":[]}`, "/v", false},
		{`{"v":1}`, "/chain", false},
		{`{"v":1,"chain":[],"x/y":1}`, "/x~1y", false},
		{`{"v":1,"chain":[{"component":"h"}]}`, "/chain/0/bound", false},
		{`{"v":1,"chain":[{"component":1,"bound":[]}]}`, "/chain/0/component", false},
		{rule(`{}`), "/chain/0/bound/0/args/a", false},
		{rule(`{"eq":1,"in":[]}`), "/chain/0/bound/0/args/a/in", false},
		{rule(`{"and":[]}`), "/chain/0/bound/0/args/a/and", false},
		{rule(`{"and":[{"glob":"["}]}`), "/chain/0/bound/0/args/a/and/0/glob", false},
		{rule(`{"prefix":1}`), "/chain/0/bound/0/args/a/prefix", false},
		{rule(`{"nope":1}`), "/chain/0/bound/0/args/a/nope", false},
		{rule(in(4096)), "", false},
		{rule(in(4097)), "/chain/0/bound/0/args/a/in", true},
		{rule(`{"prefix":"` + strings.Repeat("a", 4096) + `"}`), "", false},
		{rule(`{"glob":"` + strings.Repeat("a", 4097) + `"}`), "/chain/0/bound/0/args/a/glob", true},
		{`{"v":1,"chain":[` + strings.Repeat(`{"component":"h","bound":[]},`, 64) + `{"component":"h","bound":[]}]}`, "/chain", true},
	} {
		v, err := bound.ParseValue([]byte(c.doc))
		if err != nil {
			t.Fatalf("%.60s: %v", c.doc, err)
		}
		want := c.pointer
		if want == "#" {
			want = ""
		}
		got := referenceProvenance(v)
		switch {
		case c.pointer == "" && got != nil:
			t.Errorf("%.60s: the reference finds a fault at %q", c.doc, got.pointer)
		case c.pointer != "" && (got == nil || got.pointer != want || got.limit() != c.limit):
			t.Errorf("%.60s: the reference finds %+v; want %q, limit %v", c.doc, got, want, c.limit)
		}
		if _, err := bound.Parse([]byte(c.doc)); provenanceMatchesReference("t", []byte(c.doc), err) != nil {
			t.Errorf("%.60s: bound.Parse departs from the reference: %v", c.doc, provenanceMatchesReference("t", []byte(c.doc), err))
		}
	}
}

// The tools/call reference refuses each fault with the kind, pointer and
// offset the documentation gives, and digest.Parse agrees.
func TestInvocationReferenceFindsEachFault(t *testing.T) {
	for _, c := range []struct {
		req     string
		kind    digest.Kind
		pointer string
		offset  int
	}{
		{`{"method":"tools/call","name":"t","arguments":{}}`, "", "", 0},
		{`{"jsonrpc":"2.0","id":1,"method":"tools\/call","params":{"name":"t","arguments":{},"_meta":1}}`, "", "", 0},
		{` []`, digest.NotObject, "", 1},
		{`{"jsonrpc":"2.1","method":"tools/call"}`, digest.NotJSONRPC, "/jsonrpc", 11},
		{`{"method":"tools/call","name":"t","arguments":{},"id":1}`, digest.UnexpectedMember, "", 49},
		{`{"jsonrpc":"2.0","method":"tools/call"}`, digest.MissingMember, "/params", 0},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"t"}}`, digest.MissingMember, "/params/arguments", 48},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"t","arguments":[]}}`, digest.WrongType, "/params/arguments", 72},
		{`{"method":"tools/list","name":"t","arguments":{}}`, digest.NotToolsCall, "/method", 10},
		{`{"method":1,"name":"t","arguments":{}}`, digest.WrongType, "/method", 10},
		{`{"method":"tools/call","arguments":{}}`, digest.MissingMember, "/name", 0},
	} {
		inv, err := digest.Parse([]byte(c.req), admit.Options{})
		if v := parseMatchesReference("t", []byte(c.req), inv, err); v != nil {
			t.Errorf("%s: %v", c.req, v)
		}
		_, fault := referenceInvocation([]byte(c.req))
		switch {
		case c.kind == "" && fault != nil:
			t.Errorf("%s: the reference refuses: %+v", c.req, fault)
		case c.kind != "" && (fault == nil || *fault != refDigestFault{c.kind, c.pointer, c.offset}):
			t.Errorf("%s: the reference refuses %+v; want %v at %q, byte %d", c.req, fault, c.kind, c.pointer, c.offset)
		}
	}
}

// Every flaw of the generated readings is chosen by the first byte, and
// what each makes is read by the targets as by the references.
func TestFlawedReadingsHoldTheReferences(t *testing.T) {
	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2048 {
		data := make([]byte, 4+rng.IntN(40))
		for j := range data {
			data[j] = byte(rng.Uint32())
		}
		prov, pf := gen.GenerateFlawedProvenance(data)
		req, rf := gen.GenerateFlawedRequest(data)
		seen["p"+pf.String()], seen["r"+string(rune('0'+rf))] = true, true
		if v, err := bound.ParseValue(prov); err == nil {
			if f := referenceProvenance(v); f != nil && f.limit() {
				seen["limit "+f.pointer[strings.LastIndex(f.pointer, "/"):]] = true
			}
		}
		if _, err := bound.Parse(prov); provenanceMatchesReference("t", prov, err) != nil {
			t.Fatalf("%s: %v", prov, provenanceMatchesReference("t", prov, err))
		}
		inv, err := digest.Parse(req, admit.Options{})
		if v := parseMatchesReference("t", req, inv, err); v != nil {
			t.Fatalf("%s: %v", req, v)
		}
	}
	for _, want := range []string{"limit /chain", "limit /bound", "limit /in", "limit /prefix", "limit /glob"} {
		if !seen[want] {
			t.Errorf("no generated provenance passes %s; made: %v", want, seen)
		}
	}
	if len(seen) != 10+6+5 {
		t.Errorf("flaws made: %v; want all ten of the provenance, six of the request and five limits passed", seen)
	}
}
