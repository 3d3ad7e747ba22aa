package minimizefuzz

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/signer"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The measurements docs/MINIMIZE.md reports; each fails if its bound is
// missed. Run with
//
//	go test ./fuzz/minimize -run TestMeasure -v
//
// and read the sizes and times from the log.

// measure minimizes in under the named target's outcome signer, checks the
// signature and the size bound, and logs the numbers.
func measure(t *testing.T, target string, in []byte, want minimize.Signature, maxAfter int) minimize.Result {
	t.Helper()
	s, err := signer.For(target, true)
	if err != nil {
		t.Fatal(err)
	}
	res, err := minimize.Minimize(context.Background(), in, s, minimize.Options{Time: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if res.Signature != want || minimize.Sign(s, res.Input) != want {
		t.Fatalf("signature %s, result signs %s; want %s", res.Signature, minimize.Sign(s, res.Input), want)
	}
	st := res.Stats
	t.Logf("%s: %d -> %d bytes %q, %d tries (%d kept), %d rounds, %v, complete %v",
		want, st.SizeBefore, st.SizeAfter, res.Input, st.Tries, st.Kept, st.Rounds, st.Elapsed.Round(time.Millisecond), st.Complete)
	if len(res.Input) > maxAfter || !st.Complete {
		t.Fatalf("%d bytes (complete %v), want at most %d and a complete run", len(res.Input), st.Complete, maxAfter)
	}
	return res
}

// A 1 MiB document with one duplicate member 40 levels down reduces to at
// most 20 bytes (issue 6).
func TestMeasureMebibyteDuplicate(t *testing.T) {
	doc := testdocs.HugeDuplicate(1<<20, 40, 1)
	if len(doc) < 1<<20 {
		t.Fatalf("document of %d bytes", len(doc))
	}
	measure(t, "admit", doc, "admit:DuplicateMember", 20)
}

// The same document with the duplicate replaced by a lone surrogate.
func TestMeasureMebibyteLoneSurrogate(t *testing.T) {
	doc := testdocs.HugeDuplicate(1<<20, 40, 2)
	doc = bytes.Replace(doc, []byte(`"k":[1,2]`), []byte(`"k2":"\udc00"`), 1)
	measure(t, "admit", doc, "admit:StringNotScalar", 20)
}

// A provenance chain of 3 hops of 200 rules each, one rule malformed (a
// numeric tool), reduces to one hop of one rule.
func TestMeasureMalformedRule(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"v":1,"chain":[`)
	for h := range 3 {
		if h > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"component":"guard-` + strconv.Itoa(h) + `","bound":[`)
		for r := range 200 {
			if r > 0 {
				b.WriteByte(',')
			}
			tool := `"tool_` + strconv.Itoa(r) + `"`
			if h == 1 && r == 123 {
				tool = "123"
			}
			b.WriteString(`{"tool":` + tool + `,"args":{"path":{"prefix":"/srv/data/` + strconv.Itoa(r) + `/"},"mode":{"in":["r","rw"]}}}`)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	res := measure(t, "bound", []byte(b.String()), "bound:malformed:/chain/N/bound/N/tool:tool must be a string, not number", 80)
	if n := bytes.Count(res.Input, []byte(`"tool"`)); n != 1 {
		t.Errorf("%d rules left, want 1", n)
	}
}

// pairOfBounds is a chain of two hops of n rules each over distinct tools,
// every rule constraining "path" and "mode"; rule corner of the second hop
// meets its partner's prefix with a glob, the corner the planted fault
// gets wrong.
func pairOfBounds(n, corner int) []byte {
	var b strings.Builder
	b.WriteString(`{"v":1,"chain":[`)
	for h := range 2 {
		if h > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"component":"hop-` + strconv.Itoa(h) + `","bound":[`)
		for r := range n {
			if r > 0 {
				b.WriteByte(',')
			}
			path := `{"prefix":"/srv/` + strconv.Itoa(r) + `/"}`
			if h == 1 {
				path = `{"prefix":"/srv/` + strconv.Itoa(r) + `/"}`
				if r == corner {
					path = `{"glob":"/srv/` + strconv.Itoa(r) + `/*.txt"}`
				}
			}
			b.WriteString(`{"tool":"tool_` + strconv.Itoa(r) + `","args":{"path":` + path + `,"mode":{"in":["r","rw"]}}}`)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// A pair of 200-rule bounds with one unsound corner of a planted meet
// reduces to at most two rules each (issue 6); here, to one each.
func TestMeasurePlantedUnsoundMeet(t *testing.T) {
	in := pairOfBounds(200, 137)
	real, err := signer.For("FuzzParse", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := minimize.Sign(real, in); got != minimize.Pass {
		t.Fatalf("the real meet fails on the pair: %s", got)
	}
	target, _ := spec.Lookup("FuzzParse")
	b, err := target.With(property.ProvenanceReader{Parse: bound.Parse, EffBound: planted.EffBoundPrefixWins})
	if err != nil {
		t.Fatal(err)
	}
	faulty := signer.ForBinding(b)
	res, err := minimize.Minimize(context.Background(), in, faulty, minimize.Options{Time: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	t.Logf("%s: %d -> %d bytes %s, %d tries (%d kept), %d rounds, %v, complete %v",
		res.Signature, st.SizeBefore, st.SizeAfter, res.Input, st.Tries, st.Kept, st.Rounds, st.Elapsed.Round(time.Millisecond), st.Complete)
	p, err := bound.Parse(res.Input)
	if err != nil || res.Signature != "ProvenanceParsesAndMeets:meet:unsound" || !st.Complete {
		t.Fatalf("result %s: %v, signature %s, complete %v", res.Input, err, res.Signature, st.Complete)
	}
	if len(p.Chain) != 2 || len(p.Chain[0].Bound) > 2 || len(p.Chain[1].Bound) > 2 {
		t.Fatalf("result %s: want two hops of at most two rules", res.Input)
	}
}
