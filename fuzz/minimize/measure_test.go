package minimizefuzz

import (
	"bytes"
	"context"
	"strconv"
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
	res := minimizeLogged(t, in, s)
	if res.Signature != want || minimize.Sign(s, res.Input) != want {
		t.Fatalf("signature %s, result signs %s; want %s", res.Signature, minimize.Sign(s, res.Input), want)
	}
	st := res.Stats
	if len(res.Input) > maxAfter || !st.Complete {
		t.Fatalf("%d bytes (complete %v), want at most %d and a complete run", len(res.Input), st.Complete, maxAfter)
	}
	return res
}

// minimizeLogged minimizes in under s and logs what the run did. The
// budget is ten minutes: these tests measure how far a run reduces, not how
// fast, and the slowest of them (TestMeasurePlantedUnsoundMeet) did not
// complete in the one minute it had at load 7 and took 77 s (2026-12-05,
// main and this tree alike); a test that waits on the clock allows ten
// times its quiet time and more.
func minimizeLogged(t *testing.T, in []byte, s minimize.Signer) minimize.Result {
	t.Helper()
	res, err := minimize.Minimize(context.Background(), in, s, minimize.Options{Time: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	t.Logf("%s: %d -> %d bytes %q, %d tries (%d kept), %d rounds, %v, complete %v",
		res.Signature, st.SizeBefore, st.SizeAfter, res.Input, st.Tries, st.Kept, st.Rounds, st.Elapsed.Round(time.Millisecond), st.Complete)
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
	in := testdocs.Chain(3, 200, func(h int) string { return `"guard-` + strconv.Itoa(h) + `"` }, func(h, r int) string {
		tool := `"tool_` + strconv.Itoa(r) + `"`
		if h == 1 && r == 123 {
			tool = "123"
		}
		return `{"tool":` + tool + `,"args":{"path":{"prefix":"/srv/data/` + strconv.Itoa(r) + `/"},"mode":{"in":["r","rw"]}}}`
	})
	res := measure(t, "bound", in, "bound:malformed:/chain/N/bound/N/tool:tool must be a string, not number", 80)
	if n := bytes.Count(res.Input, []byte(`"tool"`)); n != 1 {
		t.Errorf("%d rules left, want 1", n)
	}
}

// pairOfBounds is a chain of two hops of n rules each over distinct tools,
// every rule constraining "path" and "mode"; rule corner of the second hop
// meets its partner's prefix with a glob, the corner the planted fault
// gets wrong.
func pairOfBounds(n, corner int) []byte {
	return testdocs.Chain(2, n, func(h int) string { return `"hop-` + strconv.Itoa(h) + `"` }, func(h, r int) string {
		path := `{"prefix":"/srv/` + strconv.Itoa(r) + `/"}`
		if h == 1 && r == corner {
			path = `{"glob":"/srv/` + strconv.Itoa(r) + `/*.txt"}`
		}
		return `{"tool":"tool_` + strconv.Itoa(r) + `","args":{"path":` + path + `,"mode":{"in":["r","rw"]}}}`
	})
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
	res := minimizeLogged(t, in, faulty)
	st := res.Stats
	p, err := bound.Parse(res.Input)
	if err != nil || res.Signature != "ProvenanceParsesAndMeets:meet:unsound" || !st.Complete {
		t.Fatalf("result %s: %v, signature %s, complete %v", res.Input, err, res.Signature, st.Complete)
	}
	if len(p.Chain) != 2 || len(p.Chain[0].Bound) > 2 || len(p.Chain[1].Bound) > 2 {
		t.Fatalf("result %s: want two hops of at most two rules", res.Input)
	}
}
