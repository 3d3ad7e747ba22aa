package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzDecodeStringTokenMatchesJSONText (fuzz/jcs): jcs.DecodeStringToken,
// the decoder member names are sorted by, against jsontext.AppendUnquote on
// every admitted string token: the raw bytes as a token, and the same bytes
// quoted as one, so that any bytes reach the decoder.
var _ = register(Target{
	Name: "FuzzDecodeStringTokenMatchesJSONText", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "an admitted string token decodes to jsontext's bytes, or both refuse it; dst kept, input untouched",
	Input:   "raw bytes, as a string token and quoted as one",
	Oracles: []string{"jsontext.AppendUnquote"},
	Seeds: []seeds.Seed{
		seeds.Text("every-short-escape", "every two-character escape, the solidus among them", `"\"\\\/\b\f\n\r\t"`),
		seeds.Text("hex-cases", "\\u escapes in lower- and upper-case hex", `"\u00e9\u00E9\u001f\u001F"`),
		seeds.Text("surrogate-pair", "an escaped surrogate pair, joined into one four-byte character", `"\ud83d\ude00\uD83D\uDE00"`),
		seeds.Text("raw-non-ascii", "raw UTF-8 of two, three and four bytes, a raw DEL and U+2028", "\"é€😀\x7f\u2028\""),
		seeds.Text("long-plain-run", "a plain run past eight bytes, then an escape: the eight-byte scan and its tail", `"abcdefghijklmnopq\u0041rstuvwxyz"`),
		seeds.Text("escape-at-eight", "an escape right at the end of the first eight bytes", `"abcdefg\nhijklmno"`),
		seeds.Text("empty", "the empty string", `""`),
		seeds.Text("trailing-space", "a token with whitespace after it: admitted as a document, refused as a token by both", `"a" `),
		seeds.Text("escaped-nul", "an escaped NUL, which decodes to a zero byte", `"a\u0000b"`),
	},
	Planted: []Variant{
		{Fault: "decoded as a Go literal (strconv.Unquote)", Impl: planted.DecodeStringStrconv},
	},
}, Checked[property.StringDecoder]{
	Real: jcs.DecodeStringToken,
	Check: func(d property.StringDecoder, in property.Input) *property.Violation {
		return rawThenGenerated(in.Bytes(0),
			func(tok []byte) *property.Violation { return property.DecodeStringTokenMatchesJSONText(d, tok) },
			func(raw []byte) [][]byte { return [][]byte{append(append([]byte{'"'}, raw...), '"')} },
			quoted)
	},
})
