package jcs

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// appendixB is RFC 8785 Appendix B: IEEE 754 bit patterns and the text
// ECMAScript writes for them. NaN and Infinity, which the appendix marks as
// errors for JSON, are written as Number::toString writes them.
var appendixB = []struct {
	bits uint64
	want string
}{
	{0x0000000000000000, "0"},
	{0x8000000000000000, "0"}, // -0
	{0x0000000000000001, "5e-324"},
	{0x8000000000000001, "-5e-324"},
	{0x7fefffffffffffff, "1.7976931348623157e+308"},
	{0xffefffffffffffff, "-1.7976931348623157e+308"},
	{0x4340000000000000, "9007199254740992"},
	{0xc340000000000000, "-9007199254740992"},
	{0x4430000000000000, "295147905179352830000"},
	{0x7fffffffffffffff, "NaN"},
	{0x7ff0000000000000, "Infinity"},
	{0x44b52d02c7e14af5, "9.999999999999997e+22"},
	{0x44b52d02c7e14af6, "1e+23"},
	{0x44b52d02c7e14af7, "1.0000000000000001e+23"},
	{0x444b1ae4d6e2ef4e, "999999999999999700000"},
	{0x444b1ae4d6e2ef4f, "999999999999999900000"},
	{0x444b1ae4d6e2ef50, "1e+21"},
	{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
	{0x3eb0c6f7a0b5ed8d, "0.000001"},
	{0x41b3de4355555553, "333333333.3333332"},
	{0x41b3de4355555554, "333333333.33333325"},
	{0x41b3de4355555555, "333333333.3333333"},
	{0x41b3de4355555556, "333333333.3333334"},
	{0x41b3de4355555557, "333333333.33333343"},
	{0xbecbf647612f3696, "-0.0000033333333333333333"},
	{0x43143ff3c1cb0959, "1424953923781206.2"},
}

func TestAppendNumberAppendixB(t *testing.T) {
	for _, c := range appendixB {
		f := math.Float64frombits(c.bits)
		if got := string(AppendNumber(nil, f)); got != c.want {
			t.Errorf("AppendNumber(%#016x) = %q, want %q", c.bits, got, c.want)
		}
		if got := ReferenceNumber(f); got != c.want {
			t.Errorf("ReferenceNumber(%#016x) = %q, want %q", c.bits, got, c.want)
		}
	}
}

func TestAppendNumberLayout(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{1, "1"}, {-1, "-1"}, {0.5, "0.5"}, {100, "100"}, {123.456, "123.456"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {1.5e21, "1.5e+21"},
		{1e-6, "0.000001"}, {1.5e-6, "0.0000015"}, {1e-7, "1e-7"}, {-1.5e-7, "-1.5e-7"},
		{math.Inf(-1), "-Infinity"}, {math.SmallestNonzeroFloat64, "5e-324"},
		{123456789012345680000, "123456789012345680000"},
	} {
		if got := string(AppendNumber([]byte("x"), c.f)); got != "x"+c.want {
			t.Errorf("AppendNumber(x, %v) = %q, want %q", c.f, got, "x"+c.want)
		}
	}
}

func TestAppendNumberToken(t *testing.T) {
	for _, c := range []struct{ tok, want string }{
		{"0", "0"}, {"-0", "0"}, {"-0.0e-5", "0"}, {"1.0", "1"}, {"1e0", "1"},
		{"1E+2", "100"}, {"4.50", "4.5"}, {"2e-3", "0.002"}, {"0.000000000000000000000000001", "1e-27"},
		{"1E30", "1e+30"}, {"333333333.33333329", "333333333.3333333"},
		{"9007199254740993", "9007199254740992"}, {"9007199254740995", "9007199254740996"},
		{"123456789012345", "123456789012345"}, {"1234567890123456789", "1234567890123456800"},
		{"0.1", "0.1"}, {"100e-2", "1"}, {"1e21", "1e+21"}, {"1e-7", "1e-7"}, {"0.0000001", "1e-7"},
		{"1e-400", "0"}, {"0e99999999999999999999", "0"}, {"5e-324", "5e-324"},
		{"2.4703282292062328e-324", "5e-324"}, {"1.7976931348623157e308", "1.7976931348623157e+308"},
		{"100000000000000000000000000000000000000000e-41", "1"},
	} {
		got, err := AppendNumberToken(nil, []byte(c.tok))
		if err != nil || string(got) != c.want {
			t.Errorf("AppendNumberToken(%s) = %q, %v; want %q", c.tok, got, err, c.want)
		}
	}
	for _, tok := range []string{"1e400", "-1e400", "1e999999999999"} {
		if got, err := AppendNumberToken([]byte("x"), []byte(tok)); err == nil || string(got) != "x" {
			t.Errorf("AppendNumberToken(x, %s) = %q, %v; want x and an error", tok, got, err)
		}
	}
	// Tokens outside the grammar never reach the writer from admitted
	// input; the writer must refuse them rather than guess.
	for _, tok := range []string{"", "-", "1e", "1.", ".5", "1e+", "--1", "1x", "+1", "1.e5", "1e5.", "1-", "01", "-01.5"} {
		if got, err := AppendNumberToken([]byte("x"), []byte(tok)); err == nil || string(got) != "x" {
			t.Errorf("AppendNumberToken(x, %q) = %q, %v; want x and an error", tok, got, err)
		}
	}
}

// nudgeLastDigit moves the last mantissa digit of an 'e' form by delta,
// when that needs no carry: a neighbour on the same decimal grid, which
// often still reads as the same double without being its closest digits.
func nudgeLastDigit(tok string, delta int) string {
	i := strings.IndexByte(tok, 'e') - 1
	if i < 0 {
		return tok
	}
	c := int(tok[i]-'0') + delta
	if c < 0 || c > 9 {
		return tok
	}
	return tok[:i] + string(rune('0'+c)) + tok[i+1:]
}

// TestNumberTokensOfRandomDoubles runs the token reader over 30,000
// seeded doubles of every magnitude, each written as serializers write
// them (shortest digits, 'f' and 'e' layouts) and with 16 and 17 digits,
// against the ECMA-262 transcription.
func TestNumberTokensOfRandomDoubles(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for i := range 30_000 {
		x := math.Float64frombits(r.Uint64())
		if i%2 == 0 { // the magnitudes of measurements and prices
			x = r.NormFloat64() * math.Pow10(r.IntN(20)-4)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			continue
		}
		want := ReferenceNumber(x)
		for _, tok := range []string{
			strconv.FormatFloat(x, 'g', -1, 64),
			strconv.FormatFloat(x, 'e', -1, 64),
			strconv.FormatFloat(x, 'e', 15, 64),
			strconv.FormatFloat(x, 'e', 16, 64),
			nudgeLastDigit(strconv.FormatFloat(x, 'e', 16, 64), -1), // 17 digits that read as x
			nudgeLastDigit(strconv.FormatFloat(x, 'e', 16, 64), +1), // but are not the closest
		} {
			y, _ := strconv.ParseFloat(tok, 64)
			if y != x {
				want = ReferenceNumber(y) // fewer digits than x needs
			}
			got, err := AppendNumberToken(nil, []byte(tok))
			if err != nil || string(got) != want {
				t.Fatalf("AppendNumberToken(%s) = %q, %v; reference %q", tok, got, err, want)
			}
			want = ReferenceNumber(x)
		}
	}
}

// TestClosestAsWrittenDecides checks that the exact closeness test takes
// the 17-digit doubles it is meant for (an error that only made it refuse
// would not show in the output, strconv being the fallback), and that it
// never takes a neighbour that is not the closest.
func TestClosestAsWrittenDecides(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	tried, taken := 0, 0
	for range 20_000 {
		x := math.Abs(r.NormFloat64() * 1e3)
		tok := strconv.FormatFloat(x, 'e', -1, 64)
		for _, tok := range []string{tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1)} {
			d := readTokenDecimal(t, tok)
			if d.digits != 17 || d.w%10 == 0 {
				continue
			}
			f, ok := decimalToFloat(d.w, d.q)
			if !ok || f != x || shortestAsWritten(d.w, d.q, f) {
				continue // reads as another double, or already settled
			}
			closest := tok == strconv.FormatFloat(x, 'e', -1, 64)
			if got := closestAsWritten(d.w, d.q, f); got && !closest {
				t.Fatalf("closestAsWritten(%s) = true; %s is closer", tok, strconv.FormatFloat(x, 'e', -1, 64))
			} else if closest {
				tried++
				if got {
					taken++
				}
			}
		}
	}
	checkTakeRate(t, "closestAsWritten took %d of %d shortest 17-digit tokens", taken, tried, 1000, 90)
}

// readTokenDecimal reads a number token digit by digit (addDigit), as
// appendNumber does through addDigits (TestAddDigitsMatchesAddDigit).
func readTokenDecimal(t *testing.T, tok string) decimal {
	var d decimal
	frac := false
	i := 0
	for ; i < len(tok) && tok[i] != 'e'; i++ {
		switch c := tok[i]; {
		case c == '.':
			frac = true
		case isDigit(c):
			d.addDigit(c, frac)
		}
	}
	if i < len(tok) {
		e, err := strconv.Atoi(tok[i+1:])
		if err != nil {
			t.Fatal(err)
		}
		d.q += e
	}
	return d
}

// checkTakeRate fails t unless a fast path was tried at least minTried
// times and taken at least percent of them; format reads taken, then
// tried, and is logged under -v.
func checkTakeRate(t *testing.T, format string, taken, tried, minTried, percent int) {
	t.Helper()
	if tried < minTried || taken < tried*percent/100 {
		t.Errorf(format, taken, tried)
	}
	if testing.Verbose() {
		t.Logf(format, taken, tried)
	}
}

// TestLayoutAsWrittenMatchesAppendDecimal holds layoutAsWritten to the
// layout it stands for: on plain tokens with up to 25 integer digits, up to
// 8 zeros after "0." and trailing zeros in either part, signed or not, a
// token is laid out exactly when appendDecimal, given the token's own
// significant digits and point, writes the token back; and short only
// for 15 significant digits or fewer, or an integer below 2^53.
func TestLayoutAsWrittenMatchesAppendDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 23))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
			if r.IntN(4) == 0 {
				b[i] = '0'
			}
		}
		return string(b)
	}
	laid, checked := 0, 0
	for range 200_000 {
		intPart := "0"
		if r.IntN(3) > 0 {
			intPart = string(rune('1'+r.IntN(9))) + digits(r.IntN(25))
		} else if r.IntN(8) == 0 {
			intPart = "0" + digits(1+r.IntN(3)) // a leading zero
		}
		frac, dot := "", r.IntN(2) == 0
		if dot {
			frac = strings.Repeat("0", r.IntN(9)) + digits(1+r.IntN(19))
		}
		neg := r.IntN(3) == 0
		tok := intPart
		if dot {
			tok += "." + frac
		}
		if neg {
			tok = "-" + tok
		}
		laidOut, short := layoutAsWritten([]byte(intPart), []byte(frac), dot, neg)
		if laidOut {
			laid++
		}
		valid := intPart == "0" || intPart[0] != '0'
		d := readTokenDecimal(t, strings.TrimPrefix(tok, "-"))
		if !valid || d.inexact || d.w == 0 {
			if laidOut && d.w == 0 && (neg || dot) {
				t.Errorf("layoutAsWritten(%s) = laid out, a zero with a sign or a fraction", tok)
			}
			continue
		}
		w, q, k := d.w, d.q, d.digits
		for w%10 == 0 {
			w /= 10
			q++
			k--
		}
		s := strconv.FormatUint(w, 10)
		want := string(appendDecimal(nil, []byte(s), q+k))
		if neg {
			want = "-" + want
		}
		if laidOut != (want == tok) {
			t.Errorf("layoutAsWritten(%s) = %v; appendDecimal of its digits writes %s", tok, laidOut, want)
		}
		if short && !(k <= maxExactDigits || !dot && len(intPart) <= len(twoTo53) && (len(intPart) < len(twoTo53) || intPart < twoTo53)) {
			t.Errorf("layoutAsWritten(%s) = short with %d significant digits", tok, k)
		}
		checked++
	}
	if checked < 50_000 || laid < 20_000 {
		t.Errorf("checked %d tokens, %d laid out", checked, laid)
	}
}

// TestAppendIntegerDoubleMatchesReference holds appendIntegerDouble to
// the ECMA-262 transcription on integer doubles from 2^53 to 2^63: every
// power of two and its neighbours, the doubles around every power of ten
// and around multiples of 10^j and the points halfway between them for
// every j (where the interval holds a rounder decimal, or F is as near
// to two), and random ones of every binade.
// It must write the reference's digits whenever it answers, and answer
// for nearly all of them.
func TestAppendIntegerDoubleMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 25))
	var doubles []float64
	around := func(x float64) {
		y, z := x, x
		for range 40 {
			doubles = append(doubles, y, z)
			y, z = math.Nextafter(y, 0), math.Nextafter(z, math.Inf(1))
		}
	}
	for k := 53; k <= 63; k++ {
		around(math.Ldexp(1, k))
	}
	for j := 16; j <= 19; j++ {
		around(math.Pow(10, float64(j)))
	}
	for range 300 {
		x := math.Ldexp(1+r.Float64(), 53+r.IntN(10))
		doubles = append(doubles, math.Trunc(x))
		for j := 1; j <= 18; j++ { // x rounded to 10^j, and halfway
			p := math.Pow(10, float64(j))
			around(math.Round(x/p) * p)
			around(math.Round(x/p)*p + p/2)
		}
	}
	tried, answered := 0, 0
	for _, x := range doubles {
		if x < 1<<53 || x >= 1<<63 {
			if _, ok := appendIntegerDouble(nil, x); ok {
				t.Errorf("appendIntegerDouble(%v) answered, outside its range", x)
			}
			continue
		}
		tried++
		got, ok := appendIntegerDouble([]byte("x"), x)
		if !ok {
			if string(got) != "x" {
				t.Errorf("appendIntegerDouble(%v) wrote %q and refused", x, got)
			}
			continue
		}
		answered++
		if want := "x" + ReferenceNumber(x); string(got) != want {
			t.Errorf("appendIntegerDouble(%v) = %s; reference %s", x, got, want)
		}
	}
	checkTakeRate(t, "appendIntegerDouble answered %d of %d integer doubles", answered, tried, 100_000, 99)
}
