package matrix

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// wrap places a number text in the three positions the study uses: an
// array element, a member value, and the whole text.
func (c *corpus) wrapNumber(cat, label, text string) {
	c.addString(cat, label, "["+text+"]")
	c.addString(cat, label, `{"n":`+text+`}`)
	c.addString(cat, label, text)
}

// neighbours returns f and the finite doubles one step below and above it.
func neighbours(f float64) []float64 {
	var out []float64
	for _, g := range []float64{math.Nextafter(f, math.Inf(-1)), f, math.Nextafter(f, math.Inf(1))} {
		if !math.IsInf(g, 0) {
			out = append(out, g)
		}
	}
	return out
}

// numbers: the formatting limits of ECMAScript Number::toString (RFC 8785
// section 3.2.2.3): the switch to exponent form at 1e21 and 1e-7, the
// subnormals and the extremes, the neighbours of 2^53, mantissas of 17 and
// more digits, and seeded doubles, each in a spelling that denotes it.
func numbers(c *corpus) {
	var fs []float64
	for _, f := range []float64{1e21, 1e-7, 1e-6, 1e20, 9.999999999999999e20, 123e-20, 1e-323, 5e-324,
		2.2250738585072014e-308, 2.225073858507201e-308, math.MaxFloat64, math.SmallestNonzeroFloat64,
		1 << 53, 0.1, 0.3, 1.0 / 3, 2.0 / 3, 100, 1e15, 1e16, 1e17, 4.35, 0.000001, 333333333.33333329} {
		fs = append(fs, neighbours(f)...)
	}
	for e := -10; e <= 25; e += 5 {
		fs = append(fs, neighbours(math.Pow(10, float64(e)))...)
	}
	for range 40 {
		b := c.r.Uint64() &^ (0x7ff << 52)
		b |= uint64(c.r.IntN(0x7ff)) << 52 // any exponent but the one of Inf and NaN
		fs = append(fs, math.Float64frombits(b))
	}
	for i, f := range fs {
		if i%3 == 0 {
			c.wrapNumber(CatNumbers, "limit", gen.ECMAScriptNumber(f))
		} else {
			c.addString(CatNumbers, "spelled", "["+gen.Spell(f, c.r)+"]")
		}
	}
	for _, text := range []string{
		"0.1000000000000000055511151231257827021181583404541015625", // the exact value of 0.1
		"3.141592653589793238462643383279502884197169399375105820974944",
		"1.00000000000000011102230246251565404236316680908203125", // halfway between 1 and its successor
		"1.00000000000000011102230246251565404236316680908203126", // just above it
		"9007199254740993.0000000000000000001",
		"0." + strings.Repeat("0", 330) + "1", // below the smallest subnormal: 0
		"2." + strings.Repeat("9", 400),
		"1e-400", "-1e-400", "1E+2", "1e+0021", "0.0e10", "12345678901234567890123456789e-10",
	} {
		c.wrapNumber(CatNumbers, "long", text)
	}
}

// negativeZero: -0 in every spelling, which RFC 8785 writes 0.
func negativeZero(c *corpus) {
	for _, z := range []string{"-0", "-0.0", "-0e0", "-0E-0", "-0.000e+10", "-0e400", "-0." + strings.Repeat("0", 40)} {
		c.wrapNumber(CatNegativeZero, "zero", z)
	}
	c.addString(CatNegativeZero, "nested", `{"a":[-0,{"b":-0.0}],"c":0}`)
	c.addString(CatNegativeZero, "key", `{"-0":-0,"0":0}`)
}

// bigIntegers: integers past 2^53, where a double is no longer exact, up to
// and past the largest double, and their negatives.
func bigIntegers(c *corpus) {
	two53 := new(big.Int).Lsh(big.NewInt(1), 53)
	for k := int64(-3); k <= 5; k++ {
		n := new(big.Int).Add(two53, big.NewInt(k))
		c.wrapNumber(CatBigIntegers, "2^53", n.String())
		c.addString(CatBigIntegers, "2^53-negative", "[-"+n.String()+"]")
	}
	for _, p := range []uint{63, 64, 100, 1023, 1024} {
		n := new(big.Int).Lsh(big.NewInt(1), p)
		c.addString(CatBigIntegers, "power", "["+n.String()+"]")
		c.addString(CatBigIntegers, "power-plus-one", "["+new(big.Int).Add(n, big.NewInt(1)).String()+"]")
	}
	for _, e := range []int{18, 19, 20, 21, 22, 30, 308, 309, 400} {
		c.addString(CatBigIntegers, "decimal", "[1"+strings.Repeat("0", e)+"]")
	}
	c.addString(CatBigIntegers, "id", `{"id":9007199254740993,"next":9007199254740994}`)
	c.addString(CatBigIntegers, "overflow", `[1e400]`)
	c.addString(CatBigIntegers, "overflow", `{"n":-1e309}`)
	for range 20 {
		digits := 16 + c.r.IntN(24)
		var b strings.Builder
		b.WriteByte(byte('1' + c.r.IntN(9)))
		for range digits {
			b.WriteByte(byte('0' + c.r.IntN(10)))
		}
		c.addString(CatBigIntegers, "random", fmt.Sprintf(`{"n":%s}`, b.String()))
	}
}

// topLevel: a JSON text that is one scalar (RFC 8259 section 2).
func topLevel(c *corpus) {
	for _, s := range []string{`0`, `1`, `-1`, `1.5`, `1e21`, `-0`, `"x"`, `""`, `"\u00e9"`, `"😀"`, `true`, `false`, `null`,
		` 7 `, "\t\"a\"\n", `9007199254740993`, `"\ud83d\ude00"`, `1E400`, `"\u0000"`, `[]`, `{}`} {
		c.addString(CatTopLevel, "scalar", s)
	}
}
