package es6numbers

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// strconvFormat is Number::toString written with strconv alone, an
// independent twin used to check the generator and the hashing: shortest
// digits, plain notation from 1e-6 up to 1e21, exponent notation outside
// it with no leading zero in the exponent.
func strconvFormat(dst []byte, f float64) []byte {
	if f == 0 {
		return append(dst, '0')
	}
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.AppendFloat(dst, f, 'f', -1, 64)
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'e', -1, 64)
	s := string(dst[start:])
	if i := strings.IndexByte(s, 'e'); i >= 0 && len(s) > i+3 && s[i+2] == '0' {
		dst = append(dst[:start+i+2], s[i+3:]...)
	}
	return dst
}

// TestGeneratorReproducesPublishedHashes: the regenerated sequence,
// formatted by the strconv twin, hashes to the published values up to
// 100 000 lines, so the generator and the hashing are right.
func TestGeneratorReproducesPublishedHashes(t *testing.T) {
	var got []HashResult
	err := Hash(100000, strconvFormat, nil, func(r HashResult) { got = append(got, r) })
	if err != nil {
		t.Error(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d checkpoints reported, want 3", len(got))
	}
	for _, r := range got {
		if r.Mismatch {
			t.Errorf("%d lines: sha256 %s size %d, published %s size %d", r.Want.Lines, r.SHA256, r.Size, r.Want.SHA256, r.Want.Size)
		}
	}
}

func TestHashFailsOnAWrongFormatter(t *testing.T) {
	wrong := func(dst []byte, f float64) []byte { return strconv.AppendFloat(dst, f, 'g', -1, 64) }
	if err := Hash(1000, wrong, nil, nil); err == nil {
		t.Error("a formatter writing 1e+21 as Go's 'g' does matched the published hash")
	}
	if err := Hash(1234, strconvFormat, nil, nil); err == nil {
		t.Error("Hash accepted a line count that is no checkpoint")
	}
}

func TestTestFileSequence(t *testing.T) {
	var gen TestFile
	for i, bits := range static {
		if got := math.Float64bits(gen.Next()); got != bits {
			t.Fatalf("double %d = %016x, want %016x", i, got, bits)
		}
	}
	if got := gen.Next(); got != 0x1p-1022 {
		t.Errorf("first serial double = %v, want 2^-1022", got)
	}
	for range serial - 1 {
		gen.Next()
	}
	for range 10000 {
		if f := gen.Next(); f == 0 || math.IsNaN(f) || math.IsInf(f, 0) {
			t.Fatalf("the hashed part produced %v", f)
		}
	}
}

// fakeOracle formats with strconv's 'g' and can fail on demand.
type fakeOracle struct{ err error }

func (o fakeOracle) FormatNumbers(fs []float64) ([]string, error) {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = strconv.FormatFloat(f, 'g', -1, 64)
	}
	return out, o.err
}

func TestCompareReportsEveryMismatch(t *testing.T) {
	fs := []float64{1, 1e21, 2, 1e-7}
	got, err := Compare(fakeOracle{}, strconvFormat, fs, 3)
	if err != nil {
		t.Fatal(err)
	}
	// 'g' agrees on 1, 2 and 1e+21, and writes 1e-7 as 1e-07.
	want := []Mismatch{{math.Float64bits(1e-7), "1e-7", "1e-07"}}
	if !slices.Equal(got, want) {
		t.Errorf("Compare = %v, want %v", got, want)
	}
	boom := errors.New("node died")
	if _, err := Compare(fakeOracle{boom}, strconvFormat, fs, 3); !errors.Is(err, boom) {
		t.Errorf("an oracle error came back as %v", err)
	}
}

func TestSampleIsSeededAndSpread(t *testing.T) {
	const n = 200000
	a, b := Sample(7, n), Sample(7, n)
	if len(a) != n || !slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) }) {
		t.Fatal("Sample is not the same for the same seed")
	}
	if c := Sample(8, n); slices.Equal(a[n-100:], c[n-100:]) {
		t.Error("Sample is the same for two seeds")
	}
	exps := map[int]bool{}
	subnormal, near53 := 0, 0
	for _, f := range a {
		if f != 0 && !math.IsInf(f, 0) && !math.IsNaN(f) {
			exps[int(math.Floor(math.Log10(math.Abs(f))))] = true
		}
		if f != 0 && math.Abs(f) < 0x1p-1022 {
			subnormal++
		}
		if d := math.Abs(f) - 0x1p53; math.Abs(d) <= 1<<20 {
			near53++
		}
	}
	if len(exps) < 600 || subnormal < 100 || near53 < n/8 {
		t.Errorf("Sample covers %d decimal exponents, %d subnormals, %d near 2^53", len(exps), subnormal, near53)
	}
}
