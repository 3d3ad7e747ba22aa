package spec

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzDecimalToFloatMatchesParseFloat (fuzz/jcs): jcs.DecimalToFloat, the
// Eisel-Lemire path, against strconv.ParseFloat, on a decimal and on the
// decimal gen.Decimal makes of the same bytes.
var _ = register(Target{
	Name: "FuzzDecimalToFloatMatchesParseFloat", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "the Eisel-Lemire path decides the double ParseFloat gives",
	Input:   "a decimal, w × 10^q, and the decimal gen.Decimal makes of them as generator bytes",
	Oracles: []string{"strconv.ParseFloat"},
	Params:  []property.Param{property.Uint64, property.Int},
	Seeds: []seeds.Seed{
		seeds.Of("one", "one", uint64(1), 0),
		seeds.Of("near-top", "near the top of the range", uint64(17976931348623157), 292),
		seeds.Of("least-normal", "the least normal, out of the fast path's range", uint64(22250738585072014), -324),
		seeds.Of("halfway", "halfway between two doubles", uint64(9007199254740993), 0),
		seeds.Of("largest-w", "the largest mantissa", uint64(18446744073709551615), -20),
		seeds.Of("typical", "a typical 17-digit double", uint64(12345678901234567), -16),
	},
	Planted: []Variant{
		{Fault: "decided with two roundings", Impl: planted.DecimalNaive, Efficacy: true},
	},
}, Checked[property.DecimalDecider]{
	Real: jcs.DecimalToFloat,
	Check: func(d property.DecimalDecider, in property.Input) *property.Violation {
		return rawThenGenerated(decimal{in.Uint64(0), in.Int(1)},
			func(x decimal) *property.Violation { return property.DecimalToFloatMatchesParseFloat(d, x.w, x.q) },
			func(x decimal) []decimal {
				w, q := gen.Decimal(littleEndian(x.w, uint64(x.q)))
				return []decimal{{w, q}}
			},
			func(x decimal) string { return fmt.Sprintf("decimal %de%d", x.w, x.q) })
	},
})

// decimal is w × 10^q.
type decimal struct {
	w uint64
	q int
}
