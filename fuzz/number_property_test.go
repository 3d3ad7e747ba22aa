package fuzz_test

import (
	"bytes"
	"math"
	"strconv"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/es6numbers"
)

// numberMatchesOracles is the property of FuzzNumberFromBits: for the
// double with these bits (NaN and the infinities, which JSON cannot hold,
// are skipped), format writes gen.ECMAScriptNumber's form, and every oracle
// canonicalizes the one-element array of the double's shortest Go
// spelling to the array of that form.
func numberMatchesOracles(format es6numbers.Formatter, refs []oracle.Canonicalizer, bits uint64) error {
	f := math.Float64frombits(bits)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	got := format(nil, f)
	text := []byte("[" + strconv.FormatFloat(f, 'g', -1, 64) + "]")
	if want := gen.ECMAScriptNumber(f); string(got) != want {
		return violated(text, nil, "double %016x written %q; Number::toString is %q", bits, got, want)
	}
	want := append(append([]byte("["), got...), ']')
	for _, ref := range refs {
		if o := oracle.Run(ref, text); o.Class() != oracle.Output || !bytes.Equal(o.Output, want) {
			return violated(text, []oracle.Outcome{o}, "double %016x written %q; an oracle differs", bits, got)
		}
	}
	return nil
}
