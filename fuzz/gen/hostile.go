package gen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode/utf8"
)

// Flaw is what Hostile plants in a writing.
type Flaw uint8

// The flaws, each a rule of RFC 8785 section 3.1 or RFC 8259.
const (
	// Duplicate: an object gets a second member with an existing name
	// (RFC 8785 section 3.1, RFC 7493 section 2.3).
	Duplicate Flaw = iota
	// LoneSurrogate: a string gets an escaped surrogate that is not half
	// of a pair (RFC 7493 section 2.1).
	LoneSurrogate
	// InvalidUTF8: a string gets a byte sequence that is not UTF-8: a
	// stray byte, an encoded surrogate, an overlong form, a truncated
	// sequence, a value above U+10FFFF (RFC 8259 section 8.1).
	InvalidUTF8
	// RawControl: a string gets a control character not escaped (RFC 8259
	// section 7).
	RawControl
	// TrailingComma: a container gets a comma before its closing bracket.
	TrailingComma
	// BadEscape: a string gets an escape RFC 8259 section 7 does not
	// have: a non-hex digit in \u's four, or an unknown escape letter.
	BadEscape
	flaws
)

var flawNames = [...]string{"Duplicate", "LoneSurrogate", "InvalidUTF8", "RawControl", "TrailingComma", "BadEscape"}

func (f Flaw) String() string {
	if f < flaws {
		return flawNames[f]
	}
	return "Flaw(?)"
}

// Plants of each flaw that sits inside a string.
var (
	loneSurrogates = []string{`\ud800`, `\uDBFF`, `\udc00`, `\uDFFF`, `\udc00\ud800`, `\ud83dx`, `\ud83d\u0041`}
	notUTF8        = []string{"\xff", "\xfe", "\x80", "\xed\xa0\x80", "\xed\xbf\xbf", "\xc0\xaf", "\xe0\x80\xaf", "\xe2\x82", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80"}
	rawControls    = []string{"\x00", "\x01", "\t", "\n", "\x1f"}
	badEscapes     = []string{`\u12G4`, `\uZZZZ`, `\u0g00`, `\u00:0`, `\x41`, `\U0041`, `\'`}
)

// Hostile writes v (as Write does with seed) with one flaw, drawn by seed,
// planted: a text that admission must refuse, for that flaw and no other.
func Hostile(v Value, seed uint64) ([]byte, Flaw) {
	r := rand.New(rand.NewPCG(seed, ^seed))
	flaw := Flaw(r.IntN(int(flaws)))
	return plant(v, seed, flaw, r), flaw
}

// plant writes v (as Write does with seed|1) with flaw planted at a site r
// draws.
func plant(v Value, seed uint64, flaw Flaw, r *rand.Rand) []byte {
	if flaw == Duplicate {
		return Write(duplicate(v, r), seed|1)
	}
	text := Write(v, seed|1)
	var planted string
	switch flaw {
	case LoneSurrogate:
		planted = loneSurrogates[r.IntN(len(loneSurrogates))]
	case InvalidUTF8:
		planted = notUTF8[r.IntN(len(notUTF8))]
	case RawControl:
		planted = rawControls[r.IntN(len(rawControls))]
	case BadEscape:
		planted = badEscapes[r.IntN(len(badEscapes))]
	default:
		planted = ","
	}
	inString, closers := sites(text)
	at := closers
	if flaw != TrailingComma {
		at = inString
	}
	if len(at) == 0 { // no string or no container: wrap the text in one
		text = append(append([]byte(`["",`), text...), ']')
		at = []int{2}
		if flaw == TrailingComma {
			at = []int{len(text) - 1}
		}
	}
	i := at[r.IntN(len(at))]
	return slices.Concat(text[:i], []byte(planted), text[i:])
}

// sites lists the offsets of text, a JSON text, between two characters of
// a string (after its opening quote, between characters, before its
// closing quote), and those of closing brackets.
func sites(text []byte) (inString, closers []int) {
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == '"':
			i++
			for i < len(text) && text[i] != '"' {
				inString = append(inString, i)
				if text[i] == '\\' {
					i += escapeLen(text[i:])
					continue
				}
				_, n := utf8.DecodeRune(text[i:])
				i += n
			}
			inString = append(inString, i)
			i++
		case c == ']' || c == '}':
			closers = append(closers, i)
			i++
		default:
			i++
		}
	}
	return inString, closers
}

// duplicate returns v with a member added to one of its objects under a
// name the object has already, or, when v has no non-empty object, v
// wrapped in an object with a name given twice.
func duplicate(v Value, r *rand.Rand) Value {
	var objects []*Value
	collectObjects(&v, &objects)
	if len(objects) == 0 {
		return Value{Kind: Object, Members: []Member{{"d", v}, {"d", Value{}}}}
	}
	o := objects[r.IntN(len(objects))]
	twin := o.Members[r.IntN(len(o.Members))]
	if r.IntN(2) == 0 {
		twin.Value = Value{Kind: Number, Num: float64(r.IntN(10))}
	}
	at := r.IntN(len(o.Members) + 1)
	o.Members = slices.Insert(slices.Clone(o.Members), at, twin)
	return v
}

// collectObjects appends a pointer to every non-empty object in v, after
// giving each container along the way its own slices, so changing one
// does not change the caller's value.
func collectObjects(v *Value, out *[]*Value) {
	switch v.Kind {
	case Array:
		v.Elems = slices.Clone(v.Elems)
		for i := range v.Elems {
			collectObjects(&v.Elems[i], out)
		}
	case Object:
		v.Members = slices.Clone(v.Members)
		if len(v.Members) > 0 {
			*out = append(*out, v)
		}
		for i := range v.Members {
			collectObjects(&v.Members[i].Value, out)
		}
	}
}

// escapeLen is the length of the escape at the start of b: two bytes, six
// for \uXXXX, twelve for a surrogate pair, which no plant may split.
func escapeLen(b []byte) int {
	if len(b) < 6 || b[1] != 'u' {
		return 2
	}
	if (b[2] == 'd' || b[2] == 'D') && strings.ContainsRune("89abAB", rune(b[3])) {
		return 12
	}
	return 6
}
