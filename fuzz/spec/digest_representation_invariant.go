package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// FuzzDigestRepresentationInvariant (fuzz/digest): a tools/call
// gen.GenerateCall makes, written five ways, has the digest of
// gen.Canonical's form.
var _ = register(Target{
	Name: "FuzzDigestRepresentationInvariant", Stub: "fuzz/digest/digest_test.go",
	Checks:  "a generated tools/call written five ways has the model's digest",
	Input:   "generator bytes (gen.GenerateCall)",
	Oracles: []string{"gen.Canonical"},
	Seeds:   generatedCallSeeds(),
	Planted: []Variant{
		{Fault: "digest over encoding/json", Impl: planted.DigestViaEncodingJSON},
	},
}, onArg(digest.Sum, property.DigestRepresentationInvariant).
	withDocument(generatedRequest, property.DocumentDigestInvariant))

// generatedCalls are FuzzDigestRepresentationInvariant's generator inputs,
// each with the feature of the arguments gen.GenerateCall makes of it
// (TestGeneratedSeeds holds each to it).
var generatedCalls = []struct {
	data    string
	feature gen.Feature
	probe   string
}{
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

// generatedCallSeeds are generatedCalls as seeds.
func generatedCallSeeds() []seeds.Seed {
	var out []seeds.Seed
	for i, s := range generatedCalls {
		out = append(out, seeds.Text("call-"+seeds.Hex16(uint64(i)), s.probe, s.data))
	}
	return out
}
