package matrix

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// jsonString writes s as a JSON string with only the escapes JSON needs.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// keyOrderRunes are characters on both sides of the split between UTF-16
// order and code-point order: above U+FFFF (a surrogate pair, 0xD800..0xDBFF
// first) against U+E000..U+FFFF, and ordinary ones around them.
var keyOrderRunes = []rune{'a', 'Z', '\u00e9', '\u4e2d', '\ue000', '\uf8ff', '\ufb01', '\uff21', '\ufffd',
	'\U0001f600', '\U00010000', '\U0010fffd', '\U0001d11e', '\U00020000'}

// keyOrder: objects whose names sort differently by UTF-16 code units (RFC
// 8785 section 3.2.3) and by code points.
func keyOrder(c *corpus) {
	c.addString(CatKeyOrder, "seed", `{"😀":1,"\uE000":2}`) // the seeds' smallest case
	c.addString(CatKeyOrder, "seed", `{"\uE000":2,"😀":1}`)
	for i, a := range keyOrderRunes {
		for _, b := range keyOrderRunes[i+1:] {
			if (a > 0xffff) == (b > 0xffff) {
				continue
			}
			c.addString(CatKeyOrder, "pair", fmt.Sprintf(`{%s:1,%s:2}`, jsonString(string(a)), jsonString(string(b))))
		}
	}
	for range 60 {
		n := 2 + c.r.IntN(5)
		members := make([]string, n)
		for j := range members {
			var name strings.Builder
			for range 1 + c.r.IntN(3) {
				name.WriteRune(keyOrderRunes[c.r.IntN(len(keyOrderRunes))])
			}
			members[j] = fmt.Sprintf("%s:%d", jsonString(name.String()+fmt.Sprint(j)), j)
		}
		c.addString(CatKeyOrder, "mixed", "{"+strings.Join(members, ",")+"}")
	}
	c.addString(CatKeyOrder, "nested", `{"x":{"😀":[{"\uff21":0,"\U0001f600":1}],"\ue000":null}}`)
	c.addString(CatKeyOrder, "escaped-names", `{"\ud83d\ude00":1,"\ue000":2,"\u00e9":3}`)
}

// escaping: every character JSON escapes or may escape, escaped and raw,
// and the escapes RFC 8785 section 3.2.2.2 must undo.
func escaping(c *corpus) {
	for r := rune(0); r < 0x20; r++ {
		c.addString(CatEscaping, "control", fmt.Sprintf(`["\u%04x"]`, r))
		c.addString(CatEscaping, "control-upper", fmt.Sprintf(`["\u%04X"]`, r))
	}
	for _, s := range []string{`["\b\f\n\r\t"]`, `["\"\\\/"]`, `["\/"]`, `["\u002f"]`, `["\u0022\u005c"]`,
		`["\u007f"]`, "[\"\x7f\"]", `["\u2028\u2029"]`, "[\"\u2028\u2029\"]", `["\u00e9\u00E9"]`, `["\ud83d\ude00"]`,
		`["\uD83D\uDE00"]`, `["\u0041\u0042"]`, `["<\u003c>&\u0026'"]`, `["\u0080\u00ff\u0100"]`, `["\ufeff"]`,
		"[\"\ufeff\"]", `{"\u0061":"\u0062"}`, `{"\n":"\t"}`, `["\\u0000"]`, `["a\u0000b"]`} {
		c.addString(CatEscaping, "escape", s)
	}
}

// normalization: composed and decomposed spellings of one text, as values
// and as distinct names of one object; RFC 8785 does not normalize.
func normalization(c *corpus) {
	for _, s := range []string{"é", "Å", "ǅ", "ﬁ", "Ω", "K", "가", "ḍ̇", "q̣̇", "é́", "ñ", "ü", "ﷺ", "𝅗𝅥"} {
		nfc, nfd := norm.NFC.String(s), norm.NFD.String(s)
		nfkc := norm.NFKC.String(s)
		for _, v := range []string{s, nfc, nfd, nfkc} {
			c.addString(CatNormalization, "value", "["+jsonString(v)+"]")
		}
		if nfc != nfd {
			c.addString(CatNormalization, "names", fmt.Sprintf(`{%s:1,%s:2}`, jsonString(nfc), jsonString(nfd)))
			c.addString(CatNormalization, "names", fmt.Sprintf(`{%s:2,%s:1}`, jsonString(nfd), jsonString(nfc)))
		}
	}
}

// surrogates: lone and misordered surrogate escapes (not Unicode scalar
// values, RFC 7493 section 2.1), as values and names.
func surrogates(c *corpus) {
	for _, s := range []string{`\ud800`, `\udbff`, `\udc00`, `\udfff`, `\ude00\ud83d`, `\ud83d\ud83d`, `x\ud800`,
		`\ud800x`, `\ud800\u0041`, `\ud83d\ude00\ud800`, `\uD800`, `\ud800\\udc00`} {
		c.addString(CatSurrogates, "value", `["`+s+`"]`)
		c.addString(CatSurrogates, "name", `{"`+s+`":1}`)
		c.addString(CatSurrogates, "top", `"`+s+`"`)
	}
	c.addString(CatSurrogates, "order", `{"\ud800":1,"\ue000":2}`)
}

// invalidUTF8: byte sequences that are not UTF-8 (RFC 3629), inside strings
// and outside them.
func invalidUTF8(c *corpus) {
	for _, seq := range []string{"\xff", "\xfe", "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xed\xa0\x80", "\xed\xbf\xbf",
		"\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xbf", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xf8\x88\x80\x80\x80",
		"\xc3\x28", "a\xffb"} {
		if utf8.ValidString(seq) {
			panic("matrix: invalid UTF-8 sample is valid: " + seq)
		}
		c.addString(CatInvalidUTF8, "value", `["`+seq+`"]`)
		c.addString(CatInvalidUTF8, "name", `{"`+seq+`":0}`)
	}
	c.addString(CatInvalidUTF8, "outside", "[1]\xff")
	c.addString(CatInvalidUTF8, "outside", "[\xff]")
	c.addString(CatInvalidUTF8, "latin1", "[\"caf\xe9\"]")
}

// noncharacters: U+FFFE, U+FFFF, U+FDD0..U+FDEF and the last two code
// points of every plane, raw and escaped (I-JSON says SHOULD NOT).
func noncharacters(c *corpus) {
	for _, r := range []rune{0xfffe, 0xffff, 0xfdd0, 0xfdef, 0x1fffe, 0x1ffff, 0x10fffe, 0x10ffff, 0xeffff} {
		c.addString(CatNoncharacters, "raw", "["+jsonString(string(r))+"]")
		if r <= 0xffff {
			c.addString(CatNoncharacters, "escaped", fmt.Sprintf(`["\u%04x"]`, r))
		} else {
			r1, r2 := (r-0x10000)>>10+0xd800, (r-0x10000)&0x3ff+0xdc00
			c.addString(CatNoncharacters, "escaped", fmt.Sprintf(`["\u%04x\u%04x"]`, r1, r2))
		}
		c.addString(CatNoncharacters, "name", "{"+jsonString(string(r))+":1}")
	}
}
