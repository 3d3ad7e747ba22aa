package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzCanonicalizeFixedPoint (fuzz/jcs): jcs.Canonicalize under both
// profiles refuses what admission refuses and writes an admitted, canonical
// fixed point with the input's value.
var _ = register(Target{
	Name: "FuzzCanonicalizeFixedPoint", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "a refusal is admit.Scan's; the output is admitted, a fixed point, canonical and the input's value",
	Input:   "raw bytes, as a text and as generator bytes (gen.GenerateText), a profile (false: RFC 8785, true: I-JSON)",
	Oracles: []string{"encoding/json", "jcs.IsCanonical", "admit.Scan"},
	Params:  []property.Param{property.Bytes, property.Bool},
	Text:    func(text []byte) []property.Input { return []property.Input{{text, false}, {text, true}} },
	Seeds:   underBothProfiles(writerDocuments()),
	Sources: []seeds.Source{seeds.ModuleFiles("github.com/cyberphone/json-canonicalization", "testdata/input/*.json",
		"the RFC author's testdata inputs", func(b []byte) []any { return []any{b, false} })},
	Planted: []Variant{
		{Fault: "last duplicate wins", Impl: planted.LastWinsUnder, Efficacy: true},
	},
}, Checked[property.ProfileCanonicalizer]{
	Real: jcs.Canonicalize,
	Check: func(c property.ProfileCanonicalizer, in property.Input) *property.Violation {
		return rawThenGenerated(in.Bytes(0), func(text []byte) *property.Violation { return property.CanonicalizeFixedPoint(c, text, in.Bool(1)) },
			func(raw []byte) [][]byte { return [][]byte{generatedText.of(raw)} }, quoted)
	},
}.withDocument(generatedText, func(c property.ProfileCanonicalizer, doc []byte) *property.Violation {
	return asGenerated(property.FixedPointBothProfiles(c, doc), quoted(doc))
}))

// underBothProfiles is each seed under RFC 8785 and again under I-JSON.
func underBothProfiles(list []seeds.Seed) []seeds.Seed {
	var out []seeds.Seed
	for _, s := range list {
		out = append(out, seeds.Of(s.Name, s.Comment, s.Values[0], false), seeds.Of(s.Name+"-ijson", s.Comment+", under I-JSON", s.Values[0], true))
	}
	return out
}
