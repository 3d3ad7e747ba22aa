package gen

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// grammarTour has every construct of RFC 8259 sections 2 to 7 once, with
// white space between tokens, so that its prefixes end in every state of
// admission's grammar.
const grammarTour = `{ "a" : [ 1 , -2.5e+3 , true , false , null , "\n\u00e9\ud83d\ude00" ] , "b" : { } , "c" : [ ] }`

// endOfInputRefusals is what admission says of each proper prefix of text
// that it refuses at the prefix's end: the refusals of an input that ends
// too early, one for each state the prefix can end in.
func endOfInputRefusals(text []byte) map[string]bool {
	seen := map[string]bool{}
	for n := range len(text) {
		if d, ok := endOfInputRefusal(text[:n]); ok {
			seen[d] = true
		}
	}
	return seen
}

// endOfInputRefusal is admission's refusal of text at its end, if that is
// where it refuses it.
func endOfInputRefusal(text []byte) (string, bool) {
	var e *admit.Error
	if !errors.As(admit.Scan(text, admit.Options{}), &e) || e.Offset != int64(len(text)) {
		return "", false
	}
	return fmt.Sprintf("%v: %s", e.Kind, e.Detail), true
}

// TestGenerateTextEndsInEveryState: GenerateText on random bytes, as a
// fuzzer with an empty corpus feeds it, reaches every refusal of an input
// that ends early that the prefixes of grammarTour reach (at least six:
// after a name, after a colon, inside a string, an escape, a number and a
// literal). Without the cut writing it reaches only those its flaws
// happen to make.
func TestGenerateTextEndsInEveryState(t *testing.T) {
	want := endOfInputRefusals([]byte(grammarTour))
	if len(want) < 6 {
		t.Fatalf("the tour reaches %d end-of-input refusals, want at least 6: %v", len(want), want)
	}
	got := map[string]bool{}
	for _, in := range randomInputs(17, 6000) {
		if d, ok := endOfInputRefusal(GenerateText(in)); ok {
			got[d] = true
		}
	}
	var missed []string
	for d := range want {
		if !got[d] {
			missed = append(missed, d)
		}
	}
	slices.Sort(missed)
	if len(missed) > 0 {
		t.Errorf("GenerateText on 6000 random inputs never ends early as:\n%q", missed)
	}
}

// TestCutShort: the cut is shorter than the text and a prefix of it, an
// empty text stays empty, and three draws in four end after a token.
func TestCutShort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	if got := CutShort(nil, r); len(got) != 0 {
		t.Fatalf("CutShort(nil) = %q", got)
	}
	text := []byte(grammarTour)
	atEnd := 0
	const draws = 4000
	for range draws {
		got := CutShort(text, r)
		if len(got) >= len(text) || string(text[:len(got)]) != string(got) {
			t.Fatalf("CutShort = %q, not a proper prefix of %q", got, text)
		}
		if len(got) > 0 && tokenEndsAt(text, len(got)) {
			atEnd++
		}
	}
	if atEnd < draws*3/4 {
		t.Errorf("%d of %d cuts end after a token, want at least three in four", atEnd, draws)
	}
}

// TestGenerateTextEndsInsideEscapes: GenerateText ends inside an escape
// (admission's refusal admit.WantEscape at the input's end) and inside a
// \u escape (admit.WantHexDigit) often enough for a 10 s fuzz run: at
// least 20 and 30 of 6,000 random inputs (32 and 37 with CutInEscape;
// CutShort alone made 2 and 22).
func TestGenerateTextEndsInsideEscapes(t *testing.T) {
	got := map[admit.Reason]int{}
	for _, in := range randomInputs(17, 6000) {
		text := GenerateText(in)
		var e *admit.Error
		if errors.As(admit.Scan(text, admit.Options{}), &e) && e.Offset == int64(len(text)) {
			got[e.Reason]++
		}
	}
	if got[admit.WantEscape] < 20 || got[admit.WantHexDigit] < 30 {
		t.Errorf("of 6,000 generated texts %d end inside an escape and %d inside a \\u escape, want at least 20 and 30",
			got[admit.WantEscape], got[admit.WantHexDigit])
	}
}

// TestCutInEscape: every cut of the grammar tour, and of a text with no
// string, is refused by admission at its end for want of an escape
// character or a hex digit, and both are drawn.
func TestCutInEscape(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[admit.Reason]bool{}
	for i := range 2000 {
		text := []byte(grammarTour)
		if i%10 == 0 {
			text = []byte(`[1,true]`)
		}
		got := CutInEscape(text, r)
		var e *admit.Error
		if !errors.As(admit.Scan(got, admit.Options{}), &e) || e.Offset != int64(len(got)) ||
			e.Reason != admit.WantEscape && e.Reason != admit.WantHexDigit {
			t.Fatalf("CutInEscape(%q) = %q, admission: %v (%v); want a refusal at its end inside an escape", text, got, e, reasonOrNone(e))
		}
		seen[e.Reason] = true
	}
	if !seen[admit.WantEscape] || !seen[admit.WantHexDigit] {
		t.Errorf("drawn: %v, want both WantEscape and WantHexDigit", seen)
	}
}

func reasonOrNone(e *admit.Error) any {
	if e == nil {
		return "no *admit.Error"
	}
	return e.Reason
}

// TestGenerateTextEndsInsideNumbers: GenerateText ends where a number
// wants a digit (admission's refusal admit.WantDigit at the input's end)
// often enough for a 10 s fuzz run: at least 40 of 6,000 random inputs
// (87 with CutInNumber, 2 without it, each after a '-').
func TestGenerateTextEndsInsideNumbers(t *testing.T) {
	n := 0
	for _, in := range randomInputs(17, 6000) {
		text := GenerateText(in)
		var e *admit.Error
		if errors.As(admit.Scan(text, admit.Options{}), &e) && e.Offset == int64(len(text)) && e.Reason == admit.WantDigit {
			n++
		}
	}
	if n < 40 {
		t.Errorf("of 6,000 generated texts %d end where a number wants a digit, want at least 40", n)
	}
}

// TestCutInNumber: every cut of the grammar tour, and of a text with no
// number, is refused by admission at its end for want of a digit, and a
// cut after each of the bytes that must be followed by one is drawn.
func TestCutInNumber(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[byte]bool{}
	for i := range 2000 {
		text := []byte(`{"t":` + grammarTour + `,"u":[0.5E-7,"-1.e+"]}`)
		if i%10 == 0 {
			text = []byte(`["a-1.e",true]`)
		}
		got := CutInNumber(text, r)
		var e *admit.Error
		if !errors.As(admit.Scan(got, admit.Options{}), &e) || e.Offset != int64(len(got)) || e.Reason != admit.WantDigit {
			t.Fatalf("CutInNumber(%q) = %q, admission: %v (%v); want a refusal at its end for want of a digit", text, got, e, reasonOrNone(e))
		}
		seen[got[len(got)-1]] = true
	}
	for _, c := range []byte("-.eE+") {
		if !seen[c] {
			t.Errorf("no cut after %q drawn; drawn: %q", c, slices.Sorted(maps.Keys(seen)))
		}
	}
}
