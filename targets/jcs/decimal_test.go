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
