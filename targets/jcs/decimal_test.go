package jcs

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// FuzzDecimalToFloatMatchesParseFloat holds the Eisel-Lemire path to
// strconv.ParseFloat, which is correctly rounded: whenever decimalToFloat
// decides, it decides the same double.
func FuzzDecimalToFloatMatchesParseFloat(f *testing.F) {
	f.Add(uint64(1), 0)                      // one
	f.Add(uint64(17976931348623157), 292)    // near the top of the range
	f.Add(uint64(22250738585072014), -324)   // the least normal, out of range
	f.Add(uint64(9007199254740993), 0)       // halfway between two doubles
	f.Add(uint64(18446744073709551615), -20) // the largest w
	f.Add(uint64(12345678901234567), -16)    // a typical 17-digit double
	f.Fuzz(func(t *testing.T, w uint64, q int) {
		got, ok := decimalToFloat(w, q)
		if !ok {
			return
		}
		s := strconv.FormatUint(w, 10) + "e" + strconv.Itoa(q)
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("decimalToFloat(%s) = %v (%#x), ParseFloat %v (%#x), %v", s, got, math.Float64bits(got), want, math.Float64bits(want), err)
		}
	})
}

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
