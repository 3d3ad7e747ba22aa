package jcs

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestPow10CmpMatchesBig holds pow10Cmp.cmp to math/big: decimals v ×
// 10^q of every exponent decimalToFloat takes, against binary numbers
// b × 2^k at the decimal itself (the double nearest, so equal or within
// half a step), a step or two either side, and far off. When it answers
// it must be right; it must answer for nearly all but the equal ones.
func TestPow10CmpMatchesBig(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 26))
	tried, answered := 0, 0
	for range 60_000 {
		q := minDecimalExp + r.IntN(maxDecimalExp-minDecimalExp+1)
		v := r.Uint64N(pow10u64[1+r.IntN(19)]) + 1
		dec := new(big.Rat).SetInt(new(big.Int).SetUint64(v))
		p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(q, -q))), nil))
		if q >= 0 {
			dec.Mul(dec, p)
		} else {
			dec.Quo(dec, p)
		}
		// b × 2^k: v × 10^q rounded to 55 bits, then nudged.
		mant := new(big.Float).SetPrec(55).SetRat(dec)
		exp := mant.MantExp(mant) // dec ≈ mant × 2^exp, mant in [½, 1)
		mant.SetMantExp(mant, 55)
		b0, _ := mant.Uint64()
		k := exp - 55
		c := newPow10Cmp(q)
		for _, db := range []int64{0, -1, 1, -2, 2, -1 << 40, 1 << 40} {
			b := uint64(int64(b0) + db)
			bin := new(big.Rat).SetInt(new(big.Int).Lsh(new(big.Int).SetUint64(b), uint(max(k, 0))))
			if k < 0 {
				bin.Quo(bin, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(-k))))
			}
			want := dec.Cmp(bin)
			got := c.cmp(v, b, k)
			if got != 0 && got != want {
				t.Fatalf("cmp(%d × 10^%d, %d × 2^%d) = %d, math/big %d", v, q, b, k, got, want)
			}
			if want != 0 {
				tried++
				if got != 0 {
					answered++
				}
			}
		}
		for _, k2 := range []int{k - 200, k + 200} { // far off
			if got := c.cmp(v, b0, k2); got != 0 && (got > 0) != (k2 < k) {
				t.Fatalf("cmp(%d × 10^%d, %d × 2^%d) = %d", v, q, b0, k2, got)
			}
		}
	}
	checkTakeRate(t, "cmp answered %d of %d unequal pairs", answered, tried, 300_000, 99)
	// Equal pairs: b × 2^k with k < 0 is the decimal (b × 5^−k) × 10^k,
	// and with k ≥ 0 the integer b × 2^k; on a tie the answer is 0.
	for range 20_000 {
		k := r.IntN(34) - 25
		q := 0
		scale := uint64(1) << max(k, 0) // 5^−k or 2^k
		for range -k {
			scale *= 5
		}
		b := r.Uint64N(min(1<<53, math.MaxUint64/scale)) + 1 // b × scale fits
		v := b * scale
		if k < 0 {
			q = k
		}
		for _, vq := range [][2]int{{0, 0}, {1, -1}} { // also v × 10 × 10^(q−1)
			vv, qq := v, q
			if vq[0] == 1 {
				if vv > math.MaxUint64/10 {
					continue
				}
				vv, qq = vv*10, qq-1
			}
			c := newPow10Cmp(qq)
			if got := c.cmp(vv, b, k); got != 0 {
				t.Fatalf("cmp(%d × 10^%d, %d × 2^%d) = %d; they are equal", vv, qq, b, k, got)
			}
		}
	}
}

// TestDigitsAsWrittenAnyExpMatchesStrconv holds digitsAsWrittenAnyExp
// to strconv's shortest digits over the whole range of doubles: random
// bit patterns, the powers of two and their neighbours, and the ends of
// the range, written with their shortest
// digits and with 15 to 17, each nudged by one in the last digit. When it
// says true the digits must be strconv's; when it says false, decided,
// they must not be (but for a decimal exactly halfway between f and a
// grid neighbour); it must decide nearly all shortest tokens.
func TestDigitsAsWrittenAnyExpMatchesStrconv(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 27))
	var doubles []float64
	for range 20_000 {
		doubles = append(doubles, math.Float64frombits(r.Uint64()>>1))
	}
	for k := -1022; k <= 1023; k++ { // powers of two: a lower bound a quarter step away
		x := math.Ldexp(1, k)
		doubles = append(doubles, x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1)))
	}
	for _, x := range []float64{0x1p-1022, math.MaxFloat64, 1e-300, 1e300, 1e-20, 1e20} {
		for range 200 {
			doubles = append(doubles, x)
			x = math.Nextafter(x, 0)
		}
	}
	tried, taken := 0, 0
	for _, x := range doubles {
		if x < 0x1p-1022 || math.IsInf(x, 0) || math.IsNaN(x) {
			continue
		}
		shortest := strconv.FormatFloat(x, 'e', -1, 64)
		for _, digits := range []int{-1, 14, 15, 16} {
			tok := strconv.FormatFloat(x, 'e', digits, 64)
			for _, tok := range []string{tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1)} {
				d := readTokenDecimal(t, tok)
				w, q := d.w, d.q
				for w%10 == 0 && w != 0 {
					w /= 10
					q++
				}
				f, err := strconv.ParseFloat(tok, 64)
				if err != nil || f < 0x1p-1022 || math.IsInf(f, 0) {
					continue
				}
				got, ok := digitsAsWrittenAnyExp(w, q, f)
				if tok == shortest && w >= 10 {
					tried++
					if ok && got {
						taken++
					}
				}
				if !ok {
					continue
				}
				sw, sq := shortestDecimal(t, f)
				isShortest := sw == w && sq == q
				if got && !isShortest {
					t.Errorf("digitsAsWrittenAnyExp(%d, %d, %v) [%s] = true; the shortest is %de%d", w, q, f, tok, sw, sq)
				}
				if !got && isShortest && w >= 10 && !halfway(w, q, f) {
					t.Errorf("digitsAsWrittenAnyExp(%d, %d, %v) [%s] = false; they are the shortest", w, q, f, tok)
				}
			}
		}
	}
	checkTakeRate(t, "digitsAsWrittenAnyExp took %d of %d shortest tokens", taken, tried, 15_000, 99)
}

// TestDecimalToSubnormalMatchesParseFloat holds decimalToSubnormal to
// strconv.ParseFloat on the subnormals (random ones, the least, the
// largest and the least normal, with their neighbours), each written with
// its shortest digits, with 17 and 19 digits and nudged by one in the last
// digit, and on 19-digit decimals halfway between two subnormals as
// nearly as 19 digits come: when it answers it must be ParseFloat's
// double, and it must answer for nearly all of them.
func TestDecimalToSubnormalMatchesParseFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 29))
	var toks []string
	add := func(x float64) {
		for _, digits := range []int{-1, 16, 18} {
			tok := strconv.FormatFloat(x, 'e', digits, 64)
			toks = append(toks, tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1))
		}
	}
	for _, x := range []float64{5e-324, 1e-323, 0x1p-1022, math.Nextafter(0x1p-1022, 0), math.Nextafter(0x1p-1022, 1)} {
		add(x)
	}
	for range 2_000 {
		k := r.Uint64N(1 << 52)
		if r.IntN(2) == 0 {
			k >>= r.IntN(52) // every binade of the subnormals
		}
		add(math.Float64frombits(k))
		// halfway between k and k + 1 times 2^-1074, to 19 digits
		mid := new(big.Float).SetPrec(200).SetMantExp(new(big.Float).SetUint64(2*k+1), -1075)
		toks = append(toks, mid.Text('e', 18))
	}
	tried, answered := 0, 0
	for _, tok := range toks {
		d := readTokenDecimal(t, tok)
		if d.inexact || d.w == 0 {
			continue
		}
		want, err := strconv.ParseFloat(tok, 64)
		if err != nil && want != 0 {
			t.Fatal(tok, err)
		}
		got, ok := decimalToSubnormal(d.w, d.q)
		if want == 0 || want > 0x1p-1022 {
			if ok {
				t.Errorf("decimalToSubnormal(%s) = %v; ParseFloat %v, outside its range", tok, got, want)
			}
			continue
		}
		tried++
		if !ok {
			continue
		}
		answered++
		if got != want {
			t.Errorf("decimalToSubnormal(%s) = %v (%#x); ParseFloat %v (%#x)", tok, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	checkTakeRate(t, "decimalToSubnormal answered %d of %d subnormal tokens", answered, tried, 10_000, 99)
}
