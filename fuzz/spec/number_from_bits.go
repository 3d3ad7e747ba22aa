package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzNumberFromBits (fuzz/jcs): jcs.AppendNumber writes
// Number::toString of a double (gen.ECMAScriptNumber), and every Go oracle
// writes [x] the same, on a double's bits and on the double gen.Double
// makes of them.
var _ = register(Target{
	Name: "FuzzNumberFromBits", Stub: "fuzz/jcs/jcs_test.go",
	Property: "NumberMatchesOracles",
	Checks:   "AppendNumber writes Number::toString; every oracle writes [x] the same",
	Input:    numberInput,
	Oracles:  append([]string{"gen.ECMAScriptNumber"}, goOracleNames...),
	Seeds:    numberSeeds(),
	Planted: []Variant{
		{Fault: "Go's 'g' format for numbers", Impl: planted.GoNumber},
	},
}, onDouble(jcs.AppendNumber, func(f property.NumberFormatter, bits uint64) *property.Violation {
	return property.NumberMatchesOracles(f, installed.Go(), nil, bits)
}))

// numberInput is the input of the number targets.
const numberInput = "8 bytes, a double's bits (NaN, ±Inf skipped), and the double gen.Double makes of them as generator bytes"
