package jcs

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestDecimalToFloatOnDoubles reads back 30,000 random doubles in range,
// each written with its shortest digits and with 19 digits, and checks
// that the fast path decides nearly all of them.
func TestDecimalToFloatOnDoubles(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	n := 30_000
	if testing.Short() {
		n = 10_000
	}
	undecided, tried := 0, 0
	for range n {
		x := math.Float64frombits(r.Uint64() &^ (1 << 63))
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 1e-300 || x > 1e300 {
			continue
		}
		for _, s := range []string{strconv.FormatFloat(x, 'e', -1, 64), strconv.FormatFloat(x, 'e', 18, 64)} {
			tok := []byte(s)
			w, q, ok := parseDecimalDigits(tok)
			if !ok {
				continue
			}
			tried++
			got, ok := decimalToFloat(w, q)
			if !ok {
				undecided++
				continue
			}
			want, _ := strconv.ParseFloat(s, 64)
			if got != want {
				t.Fatalf("decimalToFloat(%s) = %v, ParseFloat %v", s, got, want)
			}
		}
	}
	if tried < n || undecided > tried/20 {
		t.Errorf("%d of %d undecided: the fast path is hardly used", undecided, tried)
	}
}

// parseDecimalDigits reads "d.ddde±x" into w and q, up to 19 digits.
func parseDecimalDigits(tok []byte) (uint64, int, bool) {
	var w uint64
	q, nd, i := 0, 0, 0
	for ; i < len(tok) && tok[i] != 'e'; i++ {
		if tok[i] == '.' {
			continue
		}
		if nd == 19 {
			return 0, 0, false
		}
		w = w*10 + uint64(tok[i]-'0')
		nd++
		q--
	}
	e, err := strconv.Atoi(string(tok[i+1:]))
	if err != nil {
		return 0, 0, false
	}
	return w, q + e + 1, true
}

// TestDecimalToFloatAtTheEnds holds decimalToFloat to strconv.ParseFloat
// at every exponent it takes, the ends above all, where a result may be
// subnormal, or overflow: w of 1 to 19 digits (powers of ten, all nines,
// random) times 10^q for every q in [minDecimalExp, maxDecimalExp], and
// the shortest and 19-digit forms of the doubles around the least normal,
// the subnormals and the largest. A result must be ParseFloat's, and a
// subnormal, zero or infinite one must be refused. It must decide the
// normal doubles whose digits need q below −307 (the range was [−307,
// 288] before).
func TestDecimalToFloatAtTheEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 24))
	check := func(w uint64, q int) bool {
		got, ok := decimalToFloat(w, q)
		want, _ := strconv.ParseFloat(strconv.FormatUint(w, 10)+"e"+strconv.Itoa(q), 64)
		if !ok {
			return false
		}
		if got != want || want < 0x1p-1022 || math.IsInf(want, 0) {
			t.Errorf("decimalToFloat(%d, %d) = %v; ParseFloat %v", w, q, got, want)
		}
		return true
	}
	for q := minDecimalExp; q <= maxDecimalExp; q++ {
		for n := range 19 {
			check(pow10u64[n], q)
			check(pow10u64[n+1]-1, q)
			check(r.Uint64N(pow10u64[n+1]-pow10u64[n])+pow10u64[n], q)
		}
		check(math.MaxUint64, q)
	}
	var doubles []float64
	for _, x := range []float64{0x1p-1022, 5e-324, math.MaxFloat64, 1e-307, 1e-300} {
		y := x
		for range 2_000 {
			doubles = append(doubles, y, x)
			y = math.Nextafter(y, 0)
			x = math.Nextafter(x, math.Inf(1))
		}
	}
	for range 20_000 {
		doubles = append(doubles, math.Float64frombits(r.Uint64N(0x0030_0000_0000_0000))) // below about 1e-292
	}
	tried, taken := 0, 0
	for _, x := range doubles {
		if math.IsInf(x, 0) || x == 0 {
			continue
		}
		for _, s := range []string{strconv.FormatFloat(x, 'e', -1, 64), strconv.FormatFloat(x, 'e', 18, 64)} {
			w, q, ok := parseDecimalDigits([]byte(s))
			if !ok || q < minDecimalExp || q > maxDecimalExp {
				continue
			}
			decided := check(w, q)
			if x >= 0x1p-1022 && q < -307 {
				tried++
				if decided {
					taken++
				}
			}
		}
	}
	checkTakeRate(t, "decimalToFloat took %d of %d normal doubles below 10^-307 × w", taken, tried, 10_000, 95)
}

// TestDecimalToFloatHalfwayIntegers: integers exactly halfway between two
// doubles (2^53 and above, an odd multiple of half the step), written as
// w or as w/10^j × 10^j, must be decided and rounded half to even; the
// approximation alone refuses every one of them.
func TestDecimalToFloatHalfwayIntegers(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 28))
	for range 20_000 {
		e := 1 + r.IntN(11)                   // the step is 2^e
		m := uint64(1)<<52 | r.Uint64N(1<<52) // below the halfway point
		w := m<<e | uint64(1)<<(e-1)          // halfway between m and m + 1 steps
		want, err := strconv.ParseFloat(strconv.FormatUint(w, 10), 64)
		if err != nil {
			t.Fatal(err)
		}
		q := 0
		for w%10 == 0 {
			w /= 10
			q++
		}
		got, ok := decimalToFloat(w, q)
		if !ok || got != want {
			t.Fatalf("decimalToFloat(%d, %d) = %v, %v; ParseFloat %v", w, q, got, ok, want)
		}
	}
}
