package minimizefuzz

import (
	"bytes"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// plantedSigner is planted.Signer of a fixture planted.Fixtures lists.
func plantedSigner(name string) minimize.Signer {
	s, ok := planted.Signer(name)
	if !ok {
		panic("no planted variant " + name)
	}
	return s
}

// Crashers of the planted-fault variants, each a 256 KiB document with the
// fault's trigger 40 levels down, reduce with their signature kept. (The
// variants decode every candidate leniently, which makes a mebibyte four
// times as slow for no more insight.)
func TestMeasurePlantedCanonicalizers(t *testing.T) {
	cases := []struct {
		name     string
		core     string
		want     minimize.Signature
		maxAfter int
	}{
		{"LastWins", `{"k":true,"mid":"x","k":[1,2]}`, "planted:LastWins:admits:DuplicateMember", 20},
		{"Substitute", `{"k":true,"mid":"x\udc00y"}`, "planted:Substitute:admits:StringNotScalar", 20},
		{"CodePointOrder", `{"k":true,"\ue000":1,"\ud83d\ude00":2}`, "planted:CodePointOrder:output-differs", 40},
		// Two faults: the duplicate comes first, so the crasher signs it,
		// and the lone surrogate after it must not take over.
		{"EncodingJSON", `{"k":true,"mid":"x","k":[1,"\udc00"]}`, "planted:EncodingJSON:admits:DuplicateMember", 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := testdocs.HugeDuplicate(1<<18, 40, 3)
			doc = bytes.Replace(doc, []byte(`{"k":true,"mid":"x\u00e9y","k":[1,2]}`), []byte(c.core), 1)
			s := plantedSigner(c.name)
			if got := minimize.Sign(s, doc); got != c.want {
				t.Fatalf("the crasher signs %q, want %q", got, c.want)
			}
			res := minimizeLogged(t, doc, s)
			st := res.Stats
			if res.Signature != c.want || minimize.Sign(s, res.Input) != c.want || len(res.Input) > c.maxAfter || !st.Complete {
				t.Fatalf("%q signs %s; want %s in at most %d bytes and a complete run", res.Input, minimize.Sign(s, res.Input), c.want, c.maxAfter)
			}
		})
	}
}
