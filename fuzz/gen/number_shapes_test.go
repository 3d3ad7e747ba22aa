package gen

import (
	"errors"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// plantedTexts calls check on every token of shape planted by PlantNumber
// in the values of 200 random inputs, with the text, the token's offset
// and the token.
func plantedTexts(t *testing.T, shape NumberShape, check func(text []byte, at int, token string)) {
	t.Helper()
	inputs := randomInputs(6, 200)
	for choice := range numberTokens[shape] {
		for i, data := range inputs {
			text, at := PlantNumber(Generate(data), uint64(i)+1, shape, choice)
			token := numberToken(shape, choice)
			if !strings.HasPrefix(string(text[at:]), token) {
				t.Fatalf("PlantNumber(Generate(%x), %d, %v, %d) = %q: no %q at %d", data, i+1, shape, choice, text, token, at)
			}
			check(text, at, token)
		}
	}
}

// TestPastLargestDoubleIsNotFinite: each token of PastLargestDouble rounds
// to an infinity (strconv.ParseFloat says so), and a text with one planted
// is refused as NumberNotFinite at the token's first byte (targets/admit's
// doc, RFC 8785 section 3.2.2.3).
func TestPastLargestDoubleIsNotFinite(t *testing.T) {
	for _, token := range numberTokens[PastLargestDouble] {
		if _, err := strconv.ParseFloat(token, 64); !errors.Is(err, strconv.ErrRange) {
			t.Errorf("%.40s: strconv.ParseFloat gives %v, not a range error: it is not past the largest double", token, err)
		}
	}
	plantedTexts(t, PastLargestDouble, func(text []byte, at int, token string) {
		var e *admit.Error
		if err := admit.Scan(text, admit.Options{}); !errors.As(err, &e) || e.Kind != admit.NumberNotFinite || e.Offset != int64(at) {
			t.Fatalf("%.40s planted at %d in %q: admit.Scan: %v, want NumberNotFinite there", token, at, text, err)
		}
	})
}

// TestHalfwayPastLargestIsTheLeastInfinity: the halfway token is the
// least decimal that rounds up to an infinity: one less is the largest
// double.
func TestHalfwayPastLargestIsTheLeastInfinity(t *testing.T) {
	h, ok := new(big.Int).SetString(halfwayPastLargest(), 10)
	if !ok {
		t.Fatal("halfwayPastLargest is no integer")
	}
	below := h.Sub(h, big.NewInt(1)).String()
	if f, err := strconv.ParseFloat(below, 64); err != nil || f != 1.7976931348623157e308 {
		t.Errorf("halfway - 1 reads as %v, %v; want the largest double", f, err)
	}
	if _, err := strconv.ParseFloat(halfwayPastLargest(), 64); !errors.Is(err, strconv.ErrRange) {
		t.Errorf("halfway reads with %v, want a range error", err)
	}
}

// TestBelowSmallestSubnormalIsZero: each token of BelowSmallestSubnormal
// is a number not zero that reads as zero, and a text with one planted is
// admitted: underflow to zero is finite.
func TestBelowSmallestSubnormalIsZero(t *testing.T) {
	for _, token := range numberTokens[BelowSmallestSubnormal] {
		if f, err := strconv.ParseFloat(token, 64); err != nil || f != 0 {
			t.Errorf("%.40s reads as %v, %v; want 0", token, f, err)
		}
		if strings.Trim(token, "-0.eE") == "" {
			t.Errorf("%.40s is zero, not a number below the smallest subnormal", token)
		}
	}
	plantedTexts(t, BelowSmallestSubnormal, func(text []byte, at int, token string) {
		if err := admit.Scan(text, admit.Options{}); err != nil {
			t.Fatalf("%.40s planted at %d in %q: admit.Scan: %v", token, at, text, err)
		}
	})
}

// TestNearMissTokenIsSyntax: each token of NearMissToken alone is no JSON
// text, and a text with one planted is refused as Syntax at a byte of the
// token or the byte after it (where "1e" or "-" turns out to be cut short).
func TestNearMissTokenIsSyntax(t *testing.T) {
	plantedTexts(t, NearMissToken, func(text []byte, at int, token string) {
		var e *admit.Error
		err := admit.Scan(text, admit.Options{})
		if !errors.As(err, &e) || e.Kind != admit.Syntax || e.Offset < int64(at) || e.Offset > int64(at+len(token)) {
			t.Fatalf("%q planted at %d in %q: admit.Scan: %v, want Syntax in the token", token, at, text, err)
		}
	})
}

// shapeKinds is the refusal each shape draws; BelowSmallestSubnormal is
// admitted.
var shapeKinds = map[NumberShape]error{PastLargestDouble: admit.NumberNotFinite, NearMissToken: admit.Syntax}

// TestGenerateTextPlantsNumberShapes: a first byte from numberWritings
// on plants the shape (byte-numberWritings)/8, the second byte choosing
// its token; every token is drawn, the two bytes alone give the array
// of the token alone, with more bytes a text admission reads as the shape says, and
// the number writings are 24 of the 256 first bytes.
func TestGenerateTextPlantsNumberShapes(t *testing.T) {
	for how := numberWritings; how < 256; how++ {
		shape := NumberShape((how - numberWritings) / 8)
		for choice := range numberTokens[shape] {
			token := numberToken(shape, choice)
			if got := string(GenerateText([]byte{byte(how), byte(choice)})); got != "["+token+"]" {
				t.Fatalf("GenerateText(%d, %d) = %q, want the array of %v's %q alone", how, choice, got, shape, token)
			}
			tail := randomInputs(uint64(how*64+choice), 1)[0]
			got := GenerateText(append([]byte{byte(how), byte(choice)}, tail...))
			if err := admit.Scan(got, admit.Options{}); !errors.Is(err, shapeKinds[shape]) || (err == nil) != (shape == BelowSmallestSubnormal) {
				t.Fatalf("GenerateText(%d, %d, %x) = %q: admit.Scan: %v, not as %v says", how, choice, tail, got, err, shape)
			}
		}
	}
	if cutWritings%(2+int(flaws)) != 0 || 256-numberWritings != 24 {
		t.Errorf("numberWritings = %d: the other writings are not drawn evenly, or the shapes do not take 24 bytes", numberWritings)
	}
}
