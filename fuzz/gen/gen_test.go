package gen

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// randomInputs returns n byte strings of random length up to 512, the
// kind of input a fuzzer starts from.
func randomInputs(seed uint64, n int) [][]byte {
	r := rand.New(rand.NewPCG(seed, 5))
	out := make([][]byte, n)
	for i := range out {
		b := make([]byte, r.IntN(513))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		out[i] = b
	}
	return out
}

// decode reads a JSON text with encoding/json, numbers as float64.
func decode(t *testing.T, text []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(text, &v); err != nil {
		t.Fatalf("encoding/json cannot read %q: %v", text, err)
	}
	return v
}

// TestWritingsAreOneValue: every writing of a generated value is admitted
// and decodes, with encoding/json, to what its canonical form decodes to.
func TestWritingsAreOneValue(t *testing.T) {
	for i, data := range randomInputs(1, 3000) {
		v := Generate(data)
		want := decode(t, Canonical(v))
		for _, seed := range []uint64{0, uint64(i) + 1, uint64(i) * 7919} {
			w := Write(v, seed)
			if err := admit.Scan(w, admit.Options{}); err != nil {
				t.Fatalf("Write(Generate(%x), %d) = %q is refused: %v", data, seed, w, err)
			}
			if got := decode(t, w); !reflect.DeepEqual(got, want) {
				t.Fatalf("Write(Generate(%x), %d) = %q decodes to another value than %q", data, seed, w, Canonical(v))
			}
		}
	}
}

// TestSpellingsDenoteTheDouble: every spelling spell draws reads back as
// the very double, sign of zero included, and is a JSON number, so Spell's
// fallback is never what keeps the promise.
func TestSpellingsDenoteTheDouble(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	b := make([]byte, 16)
	for i := 0; i < 100000; i++ {
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		f := newSource(b).number()
		for range 4 {
			sp := spell(f, r)
			back, err := strconv.ParseFloat(sp, 64)
			if err != nil || math.Float64bits(back) != math.Float64bits(f) {
				t.Fatalf("spell(%v) = %q reads back as %v, %v", f, sp, back, err)
			}
			if err := admit.Scan([]byte(sp), admit.Options{}); err != nil {
				t.Fatalf("spell(%v) = %q is no JSON number: %v", f, sp, err)
			}
		}
	}
}

// TestECMAScriptNumberSamples holds the model's number form to the samples
// of RFC 8785 Appendix B and the layout boundaries.
func TestECMAScriptNumberSamples(t *testing.T) {
	for _, c := range []struct {
		bits uint64
		want string
	}{
		{0x0000000000000000, "0"},
		{0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"},
		{0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"},
		{0x444b1ae4d6e2ef50, "1e+21"},
		{0x444b1ae4d6e2ef4f, "999999999999999900000"},
		{0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
		{0x41b3de4355555556, "333333333.3333334"},
		{0x4630000000000000, "1.2676506002282294e+30"}, // 2^100,
		{0x3fb999999999999a, "0.1"},
	} {
		if got := ECMAScriptNumber(math.Float64frombits(c.bits)); got != c.want {
			t.Errorf("ECMAScriptNumber(%016x) = %q, want %q", c.bits, got, c.want)
		}
	}
}

// TestCanonicalSortsByUTF16: the model puts U+1F600 (D83D DE00) before
// U+E000, and escapes as RFC 8785 section 3.2.2.2 does.
func TestCanonicalSortsByUTF16(t *testing.T) {
	v := Value{Kind: Object, Members: []Member{
		{"\ue000", Value{Kind: Number, Num: 1}},
		{"\U0001f600", Value{Kind: String, Str: "\u0001\"\\/\u007f\u2028"}},
		{"", Value{Kind: Array, Elems: []Value{{}, {Kind: Bool, Bool: true}}}},
	}}
	want := "{\"\":[null,true],\"\U0001f600\":\"\\u0001\\\"\\\\/\x7f\u2028\",\"\ue000\":1}"
	if got := string(Canonical(v)); got != want {
		t.Errorf("Canonical = %q, want %q", got, want)
	}
}

// hostileKinds is the refusal each flaw must draw.
var hostileKinds = map[Flaw]admit.Kind{
	Duplicate:     admit.DuplicateMember,
	LoneSurrogate: admit.StringNotScalar,
	InvalidUTF8:   admit.StringNotScalar,
	RawControl:    admit.StringNotScalar,
	TrailingComma: admit.Syntax,
	BadEscape:     admit.Syntax,
}

// TestHostileIsRefusedForItsFlaw: a hostile writing is refused, as its
// flaw and nothing else; every flaw is drawn.
func TestHostileIsRefusedForItsFlaw(t *testing.T) {
	seen := map[Flaw]int{}
	for i, data := range randomInputs(3, 3000) {
		text, flaw := Hostile(Generate(data), uint64(i))
		seen[flaw]++
		if err := admit.Scan(text, admit.Options{}); !errors.Is(err, hostileKinds[flaw]) {
			t.Fatalf("Hostile(Generate(%x), %d) planted %v in %q; admit.Scan: %v", data, i, flaw, text, err)
		}
	}
	if len(seen) != int(flaws) {
		t.Errorf("flaws drawn: %v", seen)
	}
}
