package es6numbers

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// Boundaries are the doubles where number formatting changes its mind:
// zeros, the subnormal and normal extremes, the ends of the plain-decimal
// range (1e-7, 1e-6, 1e21), 2^53 and friends, each with its two
// neighbours, and the non-finite values for which Number::toString still
// has an answer.
func Boundaries() []float64 {
	centres := []float64{
		0, 5e-324, 1e-323, math.SmallestNonzeroFloat64 * (1 << 52), 2.2250738585072014e-308,
		math.MaxFloat64, 1e308, 1.7976931348623157e308,
		1e21, 1e20, 999999999999999900000, 1e-7, 1e-6, 0.000001, 1e-5,
		1 << 53, 1<<53 + 2, 1<<53 - 1, 1 << 54, 1 << 63, 1 << 64, 9007199254740993,
		0.1, 0.2, 0.3, 0.1 + 0.2, 1, 2, 10, 100, 1.5, 123456789012345680000,
		4.35, 0.5, 1.0 / 3, 2.0 / 3, 5e-7, 1.5e-7, 1e23, 8.41e21, 5e22, 9.5e21,
	}
	var out []float64
	for _, c := range centres {
		for _, f := range []float64{c, -c} {
			out = append(out, math.Nextafter(f, math.Inf(-1)), f, math.Nextafter(f, math.Inf(1)))
		}
	}
	return append(out, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1))
}

// PowersOfTen are 10^k for every k a double reaches, -323 to 308, each
// with its two neighbours, in both signs.
func PowersOfTen() []float64 {
	var out []float64
	for k := -323; k <= 308; k++ {
		p, _ := strconv.ParseFloat("1e"+strconv.Itoa(k), 64)
		for _, f := range []float64{p, -p} {
			out = append(out, math.Nextafter(f, 0), f, math.Nextafter(f, 2*f))
		}
	}
	return out
}

// Sample returns n seeded doubles, the same for the same seed: first the
// Boundaries and PowersOfTen, then, in turn, a random bit pattern (any
// finite double), a random decimal with 1 to 17 significant digits and an
// exponent from -330 to 310 rounded to the nearest double, an integer
// within 2^20 of ±2^53, and a random integer below 2^64.
func Sample(seed uint64, n int) []float64 {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := append(Boundaries(), PowersOfTen()...)
	for i := 0; len(out) < n; i++ {
		var f float64
		switch i % 4 {
		case 0:
			f = randomBits(rng)
		case 1:
			f = randomDecimal(rng)
		case 2:
			f = float64(1<<53) + float64(rng.IntN(1<<21)-1<<20)
			if rng.IntN(2) == 0 {
				f = -f
			}
		case 3:
			f = float64(rng.Uint64() >> rng.IntN(64))
		}
		out = append(out, f)
	}
	return out[:n]
}

// randomBits is a uniformly random finite bit pattern.
func randomBits(rng *rand.Rand) float64 {
	for {
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

// randomDecimal writes 1 to 17 random digits and a random exponent in
// -330..310 and lets strconv round the decimal to a double; the result
// is zero or infinite at the extremes, so those are redrawn.
func randomDecimal(rng *rand.Rand) float64 {
	for {
		digits := 1 + rng.IntN(17)
		b := make([]byte, 0, 32)
		if rng.IntN(2) == 0 {
			b = append(b, '-')
		}
		b = append(b, byte('1'+rng.IntN(9)))
		for range digits - 1 {
			b = append(b, byte('0'+rng.IntN(10)))
		}
		b = append(b, 'e')
		b = strconv.AppendInt(b, int64(rng.IntN(641)-330), 10)
		f, err := strconv.ParseFloat(string(b), 64)
		if err == nil && f != 0 {
			return f
		}
	}
}
