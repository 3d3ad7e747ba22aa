package minimize

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// plantedSigner compares a planted-fault canonicalizer of fuzz/planted with
// jcs.Canonicalize and names the divergence:
//
//	planted:NAME:admits:KIND   it writes output for what jcs refuses as KIND
//	planted:NAME:refuses       it refuses what jcs admits
//	planted:NAME:output-differs
func plantedSigner(name string, impl func([]byte) ([]byte, error)) Signer {
	return SignerFunc(func(in []byte) Signature {
		want, werr := jcs.Canonicalize(in, admit.Options{})
		got, gerr := impl(in)
		switch {
		case werr != nil && gerr == nil:
			return Signature("planted:" + name + ":admits:" + admitVerdict(werr))
		case werr == nil && gerr != nil:
			return Signature("planted:" + name + ":refuses")
		case werr == nil && !bytes.Equal(want, got):
			return Signature("planted:" + name + ":output-differs")
		}
		return Pass
	})
}

// Crashers of the planted-fault variants, each a 256 KiB document with the
// fault's trigger 40 levels down, reduce with their signature kept. (The
// variants decode every candidate leniently, which makes a mebibyte four
// times as slow for no more insight.)
func TestMeasurePlantedCanonicalizers(t *testing.T) {
	cases := []struct {
		name     string
		impl     func([]byte) ([]byte, error)
		core     string
		want     Signature
		maxAfter int
	}{
		{"LastWins", planted.LastWins, `{"k":true,"mid":"x","k":[1,2]}`, "planted:LastWins:admits:DuplicateMember", 20},
		{"Substitute", planted.Substitute, `{"k":true,"mid":"x\udc00y"}`, "planted:Substitute:admits:StringNotScalar", 20},
		{"CodePointOrder", planted.CodePointOrder, `{"k":true,"\ue000":1,"\ud83d\ude00":2}`, "planted:CodePointOrder:output-differs", 40},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := hugeDuplicateDocument(1<<18, 40, 3)
			doc = bytes.Replace(doc, []byte(`{"k":true,"mid":"x\u00e9y","k":[1,2]}`), []byte(c.core), 1)
			s := plantedSigner(c.name, c.impl)
			if got := Sign(s, doc); got != c.want {
				t.Fatalf("the crasher signs %q, want %q", got, c.want)
			}
			res, err := Minimize(context.Background(), doc, s, Options{Time: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			st := res.Stats
			t.Logf("%s: %d -> %d bytes %q, %d tries (%d kept), %d rounds, %v, complete %v",
				res.Signature, st.SizeBefore, st.SizeAfter, res.Input, st.Tries, st.Kept, st.Rounds, st.Elapsed.Round(time.Millisecond), st.Complete)
			if res.Signature != c.want || Sign(s, res.Input) != c.want || len(res.Input) > c.maxAfter || !st.Complete {
				t.Fatalf("%q signs %s; want %s in at most %d bytes and a complete run", res.Input, Sign(s, res.Input), c.want, c.maxAfter)
			}
		})
	}
}
