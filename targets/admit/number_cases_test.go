package admit_test

import (
	"math"
	"math/big"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// pow2 is 2^n written as a decimal integer.
func pow2(n uint) string { return new(big.Int).Lsh(big.NewInt(1), n).String() }

// maxFloatInteger is math.MaxFloat64 written out as a 309-digit integer.
var maxFloatInteger = new(big.Float).SetFloat64(math.MaxFloat64).Text('f', 0)

// overflowHalfway is (2^54-1)*2^970, halfway between math.MaxFloat64 and
// 2^1024: round-half-to-even takes it, and everything above it, to +Inf.
var overflowHalfway = new(big.Int).Lsh(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 54), big.NewInt(1)), 970)

// belowHalfway is overflowHalfway-1, which rounds to math.MaxFloat64.
var belowHalfway = new(big.Int).Sub(overflowHalfway, big.NewInt(1)).String()

// finiteCases: numbers with no finite IEEE 754 double, which RFC 8785
// section 3.2.2.3 cannot write, reported at their first byte.
var finiteCases = refused(admit.NumberNotFinite, rfc8785,
	fault{"positive-overflow", "", "1e400"},
	fault{"negative-overflow", "", "-1e400"},
	fault{"in-array", "[", "1e400]"},
	fault{"in-object", "{\"a\":", "-1e400}"},
	fault{"second-element", "[1,", "1E400]"},
	fault{"huge-exponent", "", "1e999999999999999999999"},
	fault{"just-past-max", "", "1.8e308"},
	fault{"rounds-up-at-halfway", "", "1.7976931348623159e308"},
	fault{"two-to-the-1024", "", pow2(1024)},
	fault{"exactly-halfway-to-2^1024", "", overflowHalfway.String()},
	fault{"exactly-halfway-negative", "[", "-" + overflowHalfway.String() + ".0]"},
	fault{"fraction-overflow", "", "1000000000000000000000000000000.5e300"},
	fault{"small-mantissa-large-exponent", "", "0.0000001e316"},
)

// unsafeCases: under I-JSON, numbers whose double has magnitude 2^53 or
// more (RFC 7493 section 2.2) in any notation, reported at their first
// byte: every such double is an integer past the exact range, and it is
// what the canonical form writes. Every input is otherwise admitted.
var unsafeCases = refused(admit.UnsafeInteger, ijson,
	fault{"two-to-the-53", "", "9007199254740992"},
	fault{"two-to-the-53-plus-one", "", "9007199254740993"},
	fault{"negative-two-to-the-53", "", "-9007199254740992"},
	fault{"exponent-notation", "", "9.007199254740992e15"},
	fault{"ten-to-the-16", "", "1e16"},
	fault{"capital-e", "[", "1E16]"},
	fault{"negative-exponent-integer", "", "90071992547409920e-1"},
	fault{"point-zero", "{\"a\":", "9007199254740992.0}"},
	fault{"zero-exponent", "", "9007199254740992e0"},
	fault{"leading-fraction", "", "0.9007199254740992e16"},
	fault{"trailing-fraction-zeros", "", "9007199254740992.000000"},
	fault{"fraction-with-exponent", "", "1.5e300"},
	fault{"max-float-integer", "", maxFloatInteger},
	fault{"one-below-exact-halfway", "", belowHalfway},
	fault{"two-to-the-64", "[1,", pow2(64) + "]"},
	fault{"negative-ten-to-the-308", "", "-1e308"},
	fault{"above-but-fraction", "", "9007199254740993.5"},
	fault{"just-above-fraction", "", "9007199254740992.000001"},
	fault{"long-fraction", "", "123456789012345678901234567890.5"},
	fault{"exponent-leaves-fraction", "", "1.23456789012345678901234567891e20"},
	fault{"below-rounds-up-to-2^53", "", "9007199254740991.9"},
	fault{"below-halfway-tie-to-even", "", "9007199254740991.5"},
)

// ijsonAdmittedCases: admitted under I-JSON: integers just below 2^53,
// fractions below it whose double stays below it, and the neighbours of the
// noncharacters.
var ijsonAdmittedCases = admitted(ijson,
	fault{"ijson-max-safe", "9007199254740991", ""},
	fault{"ijson-negative-max-safe", "-9007199254740991", ""},
	fault{"ijson-max-safe-exponent", "9.007199254740991e15", ""},
	fault{"ijson-max-safe-point-zero", "9007199254740991.0", ""},
	fault{"ijson-below-rounds-down", "9007199254740991.4", ""},
	fault{"ijson-just-below-exponent", "9.0071992547409914e15", ""},
	fault{"ijson-ten-to-the-15", "1e15", ""},
	fault{"ijson-zero-huge-exponent", "0e999999999999999999999", ""},
	fault{"ijson-negative-zero", "-0.0e-5", ""},
	fault{"ijson-underflow", "1e-400", ""},
	fault{"ijson-fdcf-fdf0", "\"\\uFDCF\\uFDF0\xEF\xB7\x8F\xEF\xB7\xB0\"", ""},
	fault{"ijson-fffd", "\"\\uFFFD\xEF\xBF\xBD\"", ""},
	fault{"ijson-1fffd", "\"\\uD83F\\uDFFD\"", ""},
	fault{"ijson-max-float-non-integer", "1.7976931348623157e-308", ""},
)
