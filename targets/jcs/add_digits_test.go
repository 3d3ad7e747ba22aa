package jcs

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// addDigits, which reads up to maxMantissaDigits eight at a time, against
// addDigit, the byte-at-a-time reading it replaced in appendNumber: the
// same decimal for integer and fraction parts of every length up to 30
// digits, with leading zeros, trailing zeros and zero runs; and sigDigits
// gives w's own digits.
func TestAddDigitsMatchesAddDigit(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 30))
	digit := func() byte {
		if r.IntN(3) == 0 {
			return '0' // runs of zeros, trailing zeros, zeros past 19 digits
		}
		return byte('0' + r.IntN(10))
	}
	for range 300_000 {
		intPart := []byte{'0'}
		if r.IntN(3) > 0 {
			intPart = []byte{byte('1' + r.IntN(9))}
			for range r.IntN(30) {
				intPart = append(intPart, digit())
			}
		}
		var frac []byte
		for range r.IntN(31) {
			frac = append(frac, digit())
		}
		var want decimal
		for _, c := range intPart {
			want.addDigit(c, false)
		}
		for _, c := range frac {
			want.addDigit(c, true)
		}
		var got decimal
		got.addDigits(intPart, frac)
		if got.w != want.w || got.q != want.q || got.digits != want.digits || got.inexact != want.inexact {
			t.Fatalf("addDigits(%s.%s) = w %d q %d digits %d inexact %v, want w %d q %d digits %d inexact %v",
				intPart, frac, got.w, got.q, got.digits, got.inexact, want.w, want.q, want.digits, want.inexact)
		}
		if got.w == 0 {
			continue
		}
		w, k := got.w, got.digits
		for w%10 == 0 {
			w /= 10
			k--
		}
		if s := string(got.sigDigits(nil, k)); s != strconv.FormatUint(w, 10) {
			t.Fatalf("sigDigits(%s.%s, %d) = %s, want %d", intPart, frac, k, s, w)
		}
	}
}
