package spec

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzCompareUTF16MatchesReference (fuzz/jcs): jcs.CompareUTF16 and
// jcs.CompareNames against jcs.ReferenceCompareUTF16, on two names and on
// the two gen.GenerateNames makes of the same bytes.
var _ = register(Target{
	Name: "FuzzCompareUTF16MatchesReference", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "the member order and the writer's prefix order agree with UTF-16 code units",
	Input:   "two strings, and the two names gen.GenerateNames makes of them as generator bytes",
	Oracles: []string{"jcs.ReferenceCompareUTF16"},
	Params:  []property.Param{property.String, property.String},
	Seeds:   seeds.KeyOrderPairs(),
	Planted: []Variant{
		{Fault: "names compared by code point", Impl: []property.Comparison{{Name: "CompareByteOrder", Compare: planted.CompareByteOrder}}, Efficacy: true},
	},
}, Checked[[]property.Comparison]{
	Real: []property.Comparison{{Name: "CompareUTF16", Compare: jcs.CompareUTF16}, {Name: "CompareNames", Compare: jcs.CompareNames}},
	Check: func(cs []property.Comparison, in property.Input) *property.Violation {
		return rawThenGenerated([2]string{in.Str(0), in.Str(1)},
			func(p [2]string) *property.Violation { return property.CompareUTF16MatchesReference(cs, p[0], p[1]) },
			func(p [2]string) [][2]string {
				a, b := gen.GenerateNames([]byte(p[0] + "\x00" + p[1]))
				return [][2]string{{a, b}}
			},
			func(p [2]string) string { return fmt.Sprintf("names %+q, %+q", p[0], p[1]) })
	},
})
