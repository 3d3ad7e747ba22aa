package gen

import (
	"math/rand/v2"
	"strings"
)

// cutWritings is the first byte from which GenerateText cuts its writing
// short (CutShort): the 16 bytes 216..231, just below the number shapes,
// so that bytes 0..215 (27 times the other writings' count) choose the
// other writings evenly.
const cutWritings = numberWritings - 16

// CutShort returns text ended early, at a place r draws: three times in
// four just after a token or a separator (a string's closing quote, '{',
// '[', ':', ',', the last byte of a number or a literal, white space),
// else after any byte. A mutator rarely writes a text that ends right
// after a member name or a colon, so without it admission's refusals of
// an input that ends in each state of RFC 8259's grammar (sections 2 to
// 7: after a name, after a colon, after a member or an element, inside a
// string, an escape, a number or a literal) are reached only from seeds.
// The result is shorter than text (empty for an empty text) and usually
// refused: a top-level number cut inside its digits is still a text.
func CutShort(text []byte, r *rand.Rand) []byte {
	if len(text) == 0 {
		return text
	}
	if r.IntN(4) == 0 {
		return text[:r.IntN(len(text))]
	}
	var ends []int
	for p := 1; p < len(text); p++ {
		if tokenEndsAt(text, p) {
			ends = append(ends, p)
		}
	}
	if len(ends) == 0 {
		return text[:r.IntN(len(text))]
	}
	return text[:ends[r.IntN(len(ends))]]
}

// tokenEndsAt reports whether a token or a separator ends just before
// text[p]: the byte before is structural or white space, or the last byte
// of a run of letters, digits and number signs.
func tokenEndsAt(text []byte, p int) bool {
	switch text[p-1] {
	case '"', '{', '[', ':', ',', ' ', '\t', '\n', '\r':
		return true
	}
	return inBareToken(text[p-1]) && !inBareToken(text[p])
}

// inBareToken reports whether c can stand in a number or a literal (RFC
// 8259 sections 3 and 6).
func inBareToken(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == '.' || c == '+' || c == '-' || c == 'E'
}

// CutInEscape returns text ended inside an escape of one of its strings
// (RFC 8259 section 7): cut just inside a string, at a place r draws, and
// followed by a backslash, and for half the draws by u and zero to three
// hex digits; a text with no string becomes a lone `"` so followed. An
// escape is one byte in a few hundred of a writing, so a cut at any byte
// ends inside one in about one input of 3,000, and a mutator that starts
// from an empty corpus writes short texts with no escape at all; without
// it admission's refusals of input that ends inside an escape or a \u
// escape (admit.WantEscape, admit.WantHexDigit) are reached only from
// seeds.
func CutInEscape(text []byte, r *rand.Rand) []byte {
	var inside []int // lengths at which text ends inside a string, between characters
	in := false
	for i := 0; i < len(text); i++ {
		switch {
		case in && text[i] == '\\' && i+1 < len(text) && text[i+1] == 'u':
			high := i+3 < len(text) && text[i+2]|0x20 == 'd' && strings.IndexByte("89abAB", text[i+3]) >= 0
			i += 5 // past the four hex digits
			if high {
				continue // not between the two halves of a surrogate pair
			}
		case in && text[i] == '\\':
			i++
		case text[i] == '"':
			in = !in
		}
		if in && (i+1 >= len(text) || text[i+1]&0xC0 != 0x80) { // not inside a UTF-8 sequence
			inside = append(inside, min(i+1, len(text)))
		}
	}
	out := []byte(`"`)
	if len(inside) > 0 {
		out = append([]byte(nil), text[:inside[r.IntN(len(inside))]]...)
	}
	out = append(out, '\\')
	if r.IntN(2) == 0 {
		out = append(out, "u0aF"[:1+r.IntN(4)]...)
	}
	return out
}

// CutInNumber returns text ended inside one of its number tokens just
// after a byte that RFC 8259 section 6 must follow with a digit: a minus
// sign, a decimal point, an 'e' or 'E', or the exponent's sign, at a place
// r draws; a text with no such byte in a number becomes one of the
// shortest such tokens ("-", "0.", "1e", "1E+"), alone or as an element.
// A number holds such a byte once in a few tokens, so a cut at any byte
// ends there in about one input of 3,000 (2 of 6,000 GenerateText inputs
// without it, each after a '-', none after '.', 'e' or a sign); without it
// admission's refusal of an input that ends where a digit is wanted
// (admit.WantDigit at the end, the number reader's first refusal) is
// reached only from seeds.
func CutInNumber(text []byte, r *rand.Rand) []byte {
	var cuts []int // lengths at which text ends just after a digit-wanting byte of a number
	inString, inNumber := false, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString, inNumber = !inString, false
		case inString:
		case !inNumber && (c == '-' || c >= '0' && c <= '9'):
			inNumber = true
			if c == '-' {
				cuts = append(cuts, i+1)
			}
		case inNumber && (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-'):
			cuts = append(cuts, i+1)
		case inNumber && !(c >= '0' && c <= '9'):
			inNumber = false
		}
	}
	if len(cuts) == 0 {
		tokens := [...]string{"-", "0.", "1e", "1E+", "[-", "[0.", "[1e", "[1E-"}
		return []byte(tokens[r.IntN(len(tokens))])
	}
	return append([]byte(nil), text[:cuts[r.IntN(len(cuts))]]...)
}
