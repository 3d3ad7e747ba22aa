package admit_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// numberToken draws a well-formed number (RFC 8259 section 6) near the
// edges that matter: 2^53, the double range, trailing and leading zeros,
// and exponents too long for any integer type.
func numberToken(r *rand.Rand) string {
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	var b strings.Builder
	if r.IntN(3) == 0 {
		b.WriteByte('-')
	}
	switch r.IntN(4) {
	case 0:
		b.WriteString("0")
	case 1:
		b.WriteString([]string{"9007199254740991", "9007199254740992", "9007199254740993", "900719925474099"}[r.IntN(4)])
	default:
		b.WriteString(strconv.Itoa(1+r.IntN(9)) + digits(r.IntN(25)))
	}
	if r.IntN(2) == 0 {
		b.WriteString("." + digits(1+r.IntN(20)) + strings.Repeat("0", r.IntN(3)*r.IntN(20)))
	}
	if r.IntN(3) != 0 {
		b.WriteString([]string{"e", "E", "e+", "e-", "E-"}[r.IntN(5)])
		b.WriteString(strings.Repeat("0", r.IntN(2)*r.IntN(25)))
		switch r.IntN(4) {
		case 0:
			b.WriteString(strconv.Itoa(r.IntN(40)))
		case 1:
			b.WriteString(strconv.Itoa(280 + r.IntN(60)))
		case 2:
			b.WriteString(strconv.Itoa(300 + r.IntN(40)))
		default:
			b.WriteString([]string{"1099511627776", "1099511627775", "99999999999999999999", "4294967296", "9223372036854775808"}[r.IntN(5)])
		}
	}
	return b.String()
}

// ratUnsafe is the I-JSON integer rule computed another way, on the exact
// rational value: an integer of magnitude 2^53 or more.
func ratUnsafe(token string) (unsafe, ok bool) {
	if _, exp, _ := strings.Cut(strings.ToLower(token), "e"); len(strings.TrimLeft(exp, "+-0")) > 4 {
		return false, false // too large an exponent to build the value
	}
	v, ok := new(big.Rat).SetString(token)
	if !ok {
		return false, false
	}
	f, _ := v.Float64() // the nearest double, by math/big rather than strconv
	return math.Abs(f) >= 1<<53, true
}

// TestNumbersMatchReference: on 40,000 drawn number tokens, bare and in an
// array, Scan and Reference agree under both profiles, and where the exact
// value can be built, Reference's UnsafeInteger verdict is the rational
// one.
func TestNumbersMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 1024))
	failures := 0
	for i := 0; i < 40_000 && failures < 10; i++ {
		token := numberToken(r)
		for _, input := range []string{token, "[" + token + "]"} {
			for _, opts := range []admit.Options{rfc8785, ijson} {
				got, want := admit.Scan([]byte(input), opts), admit.Reference([]byte(input), opts)
				if msg := sameVerdict(got, want); msg != "" {
					t.Errorf("input %q, %v: %s", input, opts.Profile, msg)
					failures++
				}
			}
		}
		ref := admit.Reference([]byte(token), ijson)
		if _, err := strconv.ParseFloat(token, 64); err != nil {
			continue // NumberNotFinite, which the tables cover
		}
		if unsafe, ok := ratUnsafe(token); ok && unsafe != (ref != nil) {
			t.Errorf("%s: Reference says %v, the exact value says unsafe=%v", token, ref, unsafe)
			failures++
		}
	}
}
