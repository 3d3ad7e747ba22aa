package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// digestSeeds are FuzzDigestRepresentationInvariant's generator inputs,
// each with the feature of the arguments it makes;
// TestDigestSeedsHaveTheirFeatures holds each to it.
var digestSeeds = []generatedSeed{
	{"", 0, `id 0, name "", arguments {}`},
	{"\xcbb\xc0\x8eN", gen.OrderDivide, `arguments {"\ue000":null,"\U00010000":null}: UTF-16 order within arguments`},
	{"\xd9\xd2\x00p\xd5\xb5\xea\x05", gen.Noncharacter, `argument names with U+FDD0 after a shared prefix`},
	{"M\xf8\x9c\xde\xe1\xb09", gen.Control, `argument names with NUL, which is escaped`},
	{"\bn`\xcc\a&\xf3q\xc92\x1e\xce", gen.ExponentForm, `an argument 1e-43`},
	{"J\x96\f\xbfX\x12P\x8e\xde#H\x8a", gen.BeyondTwo53, `an argument 9.999999999999999e+244, an integer far above 2^53, and a _meta member`},
	{"]\xcab.\xc1`\x01\xdf\x98U\x17\xf0Z\xba\xbeKX", gen.NegativeZero, `an argument -0, a name beginning with U+E0001, _meta`},
	{"\xc4\x1a\xfcN\xa7\\\b\xbd/G", gen.Deep, `an argument nested about 100 arrays deep`},
	{"\xb6\xbe\x01\xb0Y\xe6\xd5S\v<^m\xda", gen.Long, `a long argument name`},
}

// TestDigestSeedsHaveTheirFeatures: each digest seed makes arguments with
// the feature its comment claims.
func TestDigestSeedsHaveTheirFeatures(t *testing.T) {
	for _, s := range digestSeeds {
		if got := gen.Features(gen.GenerateCall([]byte(s.data)).Arguments); got&s.feature != s.feature {
			t.Errorf("seed %q (%s) makes arguments with %v, not %v", s.data, s.probe, got, s.feature)
		}
	}
}

// FuzzDigestRepresentationInvariant holds digest.Sum to
// digestRepresentationInvariant: the action digest depends on the
// invocation's value, never on how the request is written.
func FuzzDigestRepresentationInvariant(f *testing.F) {
	if len(digestSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range digestSeeds {
		f.Add([]byte(s.data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := digestRepresentationInvariant(digestSum, data); err != nil {
			t.Fatal(err)
		}
	})
}
