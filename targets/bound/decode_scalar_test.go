package bound

import (
	"reflect"
	"strings"
	"testing"
)

// scalarTexts are texts of one scalar, well formed and not: every escape,
// surrogate pairs and lone surrogates, raw control characters and
// ill-formed UTF-8, numbers in and out of the grammar, literals and their
// near misses, whitespace around and content after.
var scalarTexts = []string{
	`""`, `"a"`, `"/srv/acme/README"`, ` "a" `, "\t\"a\"\r\n", `"\"\\\/\b\f\n\r\t"`, `"\u00e9\u00E9\u001f"`,
	`"\ud83d\ude00"`, `"\uD83D\uDE00x"`, `"é€😀"`, "\"\x7f\u2028\"", `"a\u0000b"`, `"abcdefghijklmnopq\u0041rstuvwxyz"`,
	`"\ud800"`, `"\udc00"`, `"\ud83d\u0041"`, `"\ud83d"`, `"\u12"`, `"\x"`, `"\`, `"a`, `"a\"`, "\"a\x01\"", "\"\x1f\"", "\"\xff\"",
	"\"\xc3\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", `"a" "b"`, `"a"x`, `"a",`, `"a"]`,
	`0`, `-0`, `1`, `-1`, `12345678901234567890`, `1.5`, `-0.0e-0`, `1e5`, `1E+5`, `1e-5`, `0.1e400`, ` 7 `,
	`01`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, `1x`, `1 2`, `--1`, `0x10`, `1.5.5`, `Infinity`, `NaN`,
	`true`, `false`, `null`, ` null `, `tru`, `truex`, `nul`, `nulll`, `True`, `true false`, `truefalse`,
	``, ` `, `[]`, `{}`, `["a"]`, `{"a":1}`, `[`, `}`,
}

// DecodeAdmitted reads a scalar by jsonwire as jsontext reads it: for
// every text above, and each with a long plain run before its end, the
// fast reader accepts only what jsontext decodes, to the same value, and
// DecodeAdmitted gives jsontext's value or jsontext's error, word for
// word.
func TestDecodeAdmittedReadsScalarsAsJSONText(t *testing.T) {
	texts := append([]string(nil), scalarTexts...)
	for _, s := range scalarTexts {
		if strings.HasPrefix(s, `"`) {
			texts = append(texts, `"`+strings.Repeat("p", 40)+s[1:])
		}
	}
	fast := 0
	for _, s := range texts {
		raw := []byte(s)
		want, werr := decodeAdmitted(raw)
		if v, ok := decodeScalar(raw, skipSpace(raw)); ok {
			fast++
			if werr != nil {
				t.Errorf("%q: read as %+v; jsontext refuses it: %v", s, v, werr)
			} else if !reflect.DeepEqual(v, want) {
				t.Errorf("%q: read as %+v; jsontext reads %+v", s, v, want)
			}
		}
		got, err := DecodeAdmitted(raw)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Errorf("%q: DecodeAdmitted: %v; jsontext: %v", s, err, werr)
		} else if err == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%q: DecodeAdmitted reads %+v; jsontext reads %+v", s, got, want)
		}
	}
	if fast < 40 {
		t.Errorf("only %d texts read by jsonwire", fast)
	}
}

func skipSpace(raw []byte) int {
	i := 0
	for i < len(raw) && strings.IndexByte(" \t\r\n", raw[i]) >= 0 {
		i++
	}
	return i
}
