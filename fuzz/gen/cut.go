package gen

import "math/rand/v2"

// cutWritings is the first byte from which GenerateText cuts its writing
// short (CutShort): the 16 bytes 216..231, just below the number shapes,
// so that bytes 0..215 (27 times the other writings' count) choose the
// other writings evenly.
const cutWritings = numberWritings - 16

// CutShort returns text ended early, at a place r draws: three times in
// four just after a token or a separator (a string's closing quote, '{',
// '[', ':', ',', the last byte of a number or a literal, white space),
// else half the time inside an escape (just after its backslash, or after
// the u or 1 to 3 hex digits of a \u escape) when the text has one, or
// after any byte. A mutator rarely writes a text that ends right
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
		if starts := escapeStarts(text); len(starts) > 0 && r.IntN(2) == 0 {
			return text[:insideEscape(text, starts[r.IntN(len(starts))], r)]
		}
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

// escapeStarts lists the offsets of the backslashes that begin an escape
// of RFC 8259 section 7 before the text's last byte. An escape is one byte
// in a few hundred of a writing, so a cut at any byte ends inside one in
// about one input in 3,000 (and a mutator no more often); admission's
// refusals of an input that ends there, want an escape character or a hex
// digit (admit.WantEscape, admit.WantHexDigit), need the cut made on
// purpose. A backslash stands only inside a string in a text Write makes.
func escapeStarts(text []byte) []int {
	var starts []int
	for i := 0; i+1 < len(text); i++ {
		if text[i] == '\\' {
			starts = append(starts, i)
			i++ // the escaped byte: a backslash escaped is one escape
		}
	}
	return starts
}

// insideEscape is a length at which text ends inside the escape at b: just
// after its backslash, or for half the \u escapes after the u or one to
// three of its hex digits; always shorter than text.
func insideEscape(text []byte, b int, r *rand.Rand) int {
	if text[b+1] == 'u' && r.IntN(2) == 0 {
		return min(b+2+r.IntN(4), len(text)-1)
	}
	return b + 1
}
