package gen

import (
	"math/rand/v2"
	"strings"
)

// fragments are the pieces Fragments makes texts of: JSON tokens, the
// edges of every rule (surrogates, noncharacters, ill-formed UTF-8, numbers
// around 2^53 and the double range), and stray bytes. Byte-level fuzzing
// rarely assembles these; concatenating them reaches the rules' corners.
var fragments = []string{
	"{", "}", "[", "]", ",", ":", " ", "\t", "\n", "\r", "\f",
	"\"", "\"a\"", "\"\\u0061\"", "\"b\"", "\"\"", "\"\\/\"", "\"/\"",
	"\\", "\\u", "\\uD800", "\\uDBFF", "\\uDC00", "\\uDFFF", "\\uD83D\\uDE00", "\\uD83F\\uDFFE",
	"\\uFFFE", "\\uFDD0", "\\uFDEF", "\\uFFFD", "\\n", "\\x", "\\u00", "\\u0000",
	"\xED\xA0\x80", "\xEF\xBF\xBE", "\xEF\xB7\x90", "\xF0\x9F\xBF\xBF", "\xF4\x8F\xBF\xBF",
	"\xC3", "\xA9", "\xC3\xA9", "\xC0\xAF", "\xE0\x80\xAF", "\xF4\x90\x80\x80", "\xFF", "\xEF\xBB\xBF",
	"\x00", "\x1f", "\x7f",
	"0", "1", "9", "-", "+", ".", "e", "E", "e+", "e-", "00", "01",
	"9007199254740991", "9007199254740992", "9007199254740993", "90071992547409920", "e15", "e16", "e-1",
	"1e400", "1e308", "1.7976931348623157e308", "1.7976931348623159e308", "e999999999999999999999",
	"1e-400", "0.5", ".0", "000000",
	"true", "false", "null", "tru", "nul", "NaN", "x",
	"\"a\":1,", "\"\\u0061\":", ",\"b\":", "{\"a\":{}}", "\"a\":",
}

// Fragments concatenates 1 to 24 fragments, often wrapped in a
// well-formed prefix so the faults land inside containers and names.
func Fragments(r *rand.Rand) []byte {
	var b strings.Builder
	switch r.IntN(5) {
	case 0:
		b.WriteString("{\"a\":")
	case 1:
		b.WriteString("[\"")
	case 2:
		b.WriteString(strings.Repeat("[", r.IntN(5)))
	case 3:
		b.WriteString("{\"a\":0,")
	}
	for n := 1 + r.IntN(24); n > 0; n-- {
		b.WriteString(fragments[r.IntN(len(fragments))])
	}
	return []byte(b.String())
}
