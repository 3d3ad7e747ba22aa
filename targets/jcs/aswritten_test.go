package jcs

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// shortestDecimal returns the digits strconv's shortest formatting writes
// for f, as w (no trailing zero) and q: the answer digitsAsWritten must
// agree with whenever it decides.
func shortestDecimal(t *testing.T, f float64) (uint64, int) {
	d := readTokenDecimal(t, strconv.FormatFloat(f, 'e', -1, 64))
	for d.w%10 == 0 && d.w != 0 {
		d.w /= 10
		d.q++
	}
	return d.w, d.q
}

// checkAsWritten holds digitsAsWritten to strconv on the decimal of tok:
// when it says the digits are as written, they must be the shortest
// (closest) digits of the double tok reads as; when it says they are not,
// or does not decide, strconv writes the double, which is always right.
// It reports whether digitsAsWritten said they are.
func checkAsWritten(t *testing.T, tok string) bool {
	t.Helper()
	d := readTokenDecimal(t, tok)
	if d.inexact || d.w == 0 {
		return false
	}
	w, q := d.w, d.q
	for w%10 == 0 {
		w /= 10
		q++
	}
	f, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.IsInf(f, 0) || f == 0 {
		return false
	}
	got, ok := digitsAsWritten(w, q, f)
	if !ok || !got {
		return false
	}
	if sw, sq := shortestDecimal(t, f); sw != w || sq != q {
		t.Errorf("digitsAsWritten(%d, %d, %v) [%s] = true; the shortest is %de%d", w, q, f, tok, sw, sq)
	}
	return true
}

// tieTokens writes the decimals exactly on the two rounding bounds of
// f = m × 2^-j, (2m ± 1) × 2^-(j+1), and for m = 2^52 the lower bound
// (4m − 1) × 2^-(j+2) one binade down: each is (2m ± 1) × 5^(j+1) ×
// 10^-(j+1), a decimal with finitely many digits.
func tieTokens(m uint64, j int) []string {
	pow5 := uint64(1)
	for range j + 1 {
		pow5 *= 5
	}
	toks := []string{
		strconv.FormatUint((2*m+1)*pow5, 10) + "e-" + strconv.Itoa(j+1),
		strconv.FormatUint((2*m-1)*pow5, 10) + "e-" + strconv.Itoa(j+1),
	}
	if m == 1<<52 {
		toks = append(toks, strconv.FormatUint((4*m-1)*pow5*5, 10)+"e-"+strconv.Itoa(j+2))
	}
	return toks
}

// TestDigitsAsWrittenBoundaries runs digitsAsWritten on the cases its
// argument turns on, against strconv: decimals next to one exactly on a
// rounding bound of an even and of an odd mantissa (the tie rule decides
// whether that neighbour reads as the same double), the lower bound of a
// power of two (a quarter step, not a half), powers of two and of ten and
// their neighbouring doubles, doubles written with 15, 16 and 17 digits
// and nudged by one in the last digit (neighbours on the grid that read
// as the same double), the least and largest doubles and subnormals
// (outside its range: it must not decide them). It must take nearly all
// the shortest tokens of its range, or its fast path would be dead code
// with nothing to show it.
func TestDigitsAsWrittenBoundaries(t *testing.T) {
	for _, m := range []uint64{1 << 52, 1<<52 + 1, 1<<52 + 2, 1<<53 - 1, 1<<53 - 2, 0x1234567890ABC | 1<<52, 0x1234567890ABD | 1<<52} {
		for j := 1; j <= 3; j++ {
			for _, tok := range tieTokens(m, j) {
				for _, tok := range []string{tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1)} {
					checkAsWritten(t, tok)
				}
			}
		}
	}

	var doubles []float64
	for k := -12; k <= 52; k++ {
		doubles = append(doubles, math.Ldexp(1, k))
	}
	for k := -3; k <= 15; k++ {
		doubles = append(doubles, math.Pow(10, float64(k)))
	}
	doubles = append(doubles, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308,
		math.MaxFloat64, 9007199254740991, 4503599627370495.5, 0.001, 1.0000000000000002, 0.30000000000000004)
	r := rand.New(rand.NewPCG(20, 20))
	for range 8_000 {
		doubles = append(doubles, math.Abs(r.NormFloat64()*1e3), r.Float64(),
			math.Ldexp(r.Float64()+1, r.IntN(66)-12))
	}
	tried, taken := 0, 0
	for _, x := range doubles {
		for _, y := range []float64{x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1))} {
			shortest := strconv.FormatFloat(y, 'e', -1, 64)
			for _, digits := range []int{-1, 14, 15, 16} { // shortest, 15, 16, 17 digits
				tok := strconv.FormatFloat(y, 'e', digits, 64)
				for _, tok := range []string{tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1)} {
					got := checkAsWritten(t, tok)
					if tok == shortest && 1e-3 <= y && y < 1<<52 && y != math.Trunc(y) {
						tried++
						if got {
							taken++
						}
					}
				}
			}
		}
	}
	checkTakeRate(t, "digitsAsWritten took %d of %d shortest tokens in its range", taken, tried, 50_000, 99)
	for _, x := range []float64{5e-324, 2.2250738585072009e-308, math.MaxFloat64, 1e300} {
		w, q := shortestDecimal(t, x)
		if _, ok := digitsAsWritten(w, q, x); ok {
			t.Errorf("digitsAsWritten(%d, %d, %v) decided, outside its range", w, q, x)
		}
	}
}

// TestIntervalMatchesParseFloat holds the scaled rounding interval to
// strconv.ParseFloat, which rounds correctly: for doubles of every
// binade in range, powers of two among them (whose lower bound is a
// quarter step away, not a half), decimals v × 10^q on every grid
// around each bound, are out of the interval exactly when they read as another double.
func TestIntervalMatchesParseFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 21))
	var doubles []float64
	for k := -10; k <= 52; k++ {
		doubles = append(doubles, math.Ldexp(1, k), math.Ldexp(1+math.Ldexp(1, -52), k),
			math.Ldexp(r.Float64()+1, k))
	}
	checked := 0
	for _, f := range doubles {
		_, e := math.Frexp(f) // f = m × 2^e, m in [½, 1)
		ulp := math.Ldexp(1, e-53)
		for q := -19; q <= -1; q++ {
			for _, bound := range []float64{f - ulp/4, f - ulp/2, f + ulp/2} {
				// v × 10^q near bound: the bound's own digits on this grid
				// and their neighbours, read exactly by strconv.
				c := strconv.FormatFloat(bound, 'f', -q, 64)
				d := readTokenDecimal(t, c)
				for dv := -2; dv <= 2; dv++ {
					v := uint64(int64(d.w) + int64(dv))
					iv, ok := newInterval(f, q, v)
					if !ok || d.q != q {
						continue
					}
					g, err := strconv.ParseFloat(strconv.FormatUint(v, 10)+"e"+strconv.Itoa(q), 64)
					if err != nil {
						t.Fatal(err)
					}
					if math.Pow(10, float64(q))*4 >= ulp/4 {
						continue // v may be on the other side of f
					}
					reads := g == f
					out := iv.belowOut(v)
					if bound > f {
						out = iv.aboveOut(v)
					}
					if out == reads {
						t.Errorf("%de%d against %v (bound %v): out %v, reads as %v", v, q, f, bound, out, g)
					}
					checked++
				}
			}
		}
	}
	if checked < 5000 {
		t.Errorf("checked %d decimals", checked)
	}
}

// TestDigitsAsWritten64MatchesStrconv holds digitsAsWritten64 to strconv's
// shortest digits and to digitsAsWritten, on the decimals
// TestDigitsAsWrittenBoundaries uses: tokens next to a rounding bound of
// an even and an odd mantissa (a neighbour exactly on the bound), the
// powers of two, and doubles of every binade of its range
// written with their shortest digits and with 15 to 17, each nudged by one
// in the last digit. When it decides, true must be strconv's digits and
// false must not be (but for a decimal exactly halfway between f and a
// grid neighbour, a tie it leaves to strconv); where digitsAsWritten
// decides too, the two must agree; outside its range it must not decide;
// and it must take nearly all shortest tokens of its range.
func TestDigitsAsWritten64MatchesStrconv(t *testing.T) {
	var toks []string
	for _, m := range []uint64{1 << 52, 1<<52 + 1, 1<<52 + 2, 1<<53 - 1, 1<<53 - 2, 0x1234567890ABC | 1<<52, 0x1234567890ABD | 1<<52} {
		for j := 1; j <= 3; j++ {
			for _, tok := range tieTokens(m, j) {
				toks = append(toks, tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1))
			}
		}
	}
	var doubles []float64
	for k := -12; k <= 58; k++ {
		doubles = append(doubles, math.Ldexp(1, k))
	}
	for k := -4; k <= 17; k++ {
		doubles = append(doubles, math.Pow(10, float64(k)))
	}
	r := rand.New(rand.NewPCG(22, 22))
	for range 6_000 {
		doubles = append(doubles, math.Abs(r.NormFloat64()*1e3), r.Float64(),
			math.Ldexp(r.Float64()+1, r.IntN(70)-12))
	}
	for _, x := range doubles {
		for _, y := range []float64{x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1))} {
			for _, digits := range []int{-1, 14, 15, 16} {
				tok := strconv.FormatFloat(y, 'e', digits, 64)
				toks = append(toks, tok, nudgeLastDigit(tok, -1), nudgeLastDigit(tok, +1))
			}
		}
	}
	decided, agreed, tried, taken := 0, 0, 0, 0
	for _, tok := range toks {
		d := readTokenDecimal(t, tok)
		if d.inexact || d.w == 0 {
			continue
		}
		w, q := d.w, d.q
		for w%10 == 0 {
			w /= 10
			q++
		}
		f, err := strconv.ParseFloat(tok, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := digitsAsWritten64(w, q, f)
		_, e := math.Frexp(f) // f = m × 2^(e−53)
		s := 2 - (e - 53)
		if !(-18 <= q && q <= -1 && 0 <= s && s <= 62) {
			if ok {
				t.Errorf("digitsAsWritten64(%d, %d, %v) decided, outside its range", w, q, f)
			}
			continue
		}
		sw, sq := shortestDecimal(t, f)
		shortest := sw == w && sq == q
		if tok == strconv.FormatFloat(f, 'e', -1, 64) && w >= 10 && q >= -17 {
			tried++
			if ok && got {
				taken++
			}
		}
		if !ok {
			continue
		}
		decided++
		if got && !shortest {
			t.Errorf("digitsAsWritten64(%d, %d, %v) [%s] = true; the shortest is %de%d", w, q, f, tok, sw, sq)
		}
		if !got && shortest && !halfway(w, q, f) {
			t.Errorf("digitsAsWritten64(%d, %d, %v) [%s] = false; they are the shortest", w, q, f, tok)
		}
		// digitsAsWritten leaves w = 1 to strconv (false); its
		// neighbours 0 and 2 are placed all the same here.
		if want, ok := digitsAsWritten(w, q, f); ok && w > 1 {
			agreed++
			if got != want {
				t.Errorf("digitsAsWritten64(%d, %d, %v) [%s] = %v, digitsAsWritten %v", w, q, f, tok, got, want)
			}
		}
	}
	if decided < 100_000 || agreed < 50_000 {
		t.Errorf("decided %d tokens, %d of them beside digitsAsWritten", decided, agreed)
	}
	checkTakeRate(t, "digitsAsWritten64 took %d of %d shortest tokens in its range", taken, tried, 50_000, 99)
}

// halfway reports whether w × 10^q lies exactly halfway between f and a
// grid neighbour: |w × 10^q − f| = ½ × 10^q, read exactly with math/big.
func halfway(w uint64, q int, f float64) bool {
	v := new(big.Rat).SetFrac(new(big.Int).SetUint64(w), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-q)), nil))
	dist := new(big.Rat).Sub(v, new(big.Rat).SetFloat64(f))
	half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-q)), nil)))
	return dist.Abs(dist).Cmp(half) == 0
}
