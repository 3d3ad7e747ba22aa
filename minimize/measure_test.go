package minimize

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The measurements docs/MINIMIZE.md reports; each fails if its bound is
// missed. Run with
//
//	go test ./minimize -run TestMeasure -v
//
// and read the sizes and times from the log.

// measure minimizes in under the named target's outcome signer, checks the
// signature and the size bound, and logs the numbers.
func measure(t *testing.T, target string, in []byte, want Signature, maxAfter int) Result {
	t.Helper()
	s, _, err := SignerFor(target, true)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Minimize(context.Background(), in, s, Options{Time: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if res.Signature != want || Sign(s, res.Input) != want {
		t.Fatalf("signature %s, result signs %s; want %s", res.Signature, Sign(s, res.Input), want)
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
	doc := hugeDuplicateDocument(1<<20, 40, 1)
	if len(doc) < 1<<20 {
		t.Fatalf("document of %d bytes", len(doc))
	}
	measure(t, "admit", doc, "admit:DuplicateMember", 20)
}

// The same document with the duplicate replaced by a lone surrogate.
func TestMeasureMebibyteLoneSurrogate(t *testing.T) {
	doc := hugeDuplicateDocument(1<<20, 40, 2)
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
