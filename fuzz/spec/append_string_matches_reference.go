package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzAppendStringMatchesReference (fuzz/jcs): jcs.AppendStringToken and
// jcs.DecodeStringToken against jcs.ReferenceString, under every choice of
// escapes the input allows.
var _ = register(Target{
	Name: "FuzzAppendStringMatchesReference", Stub: "fuzz/jcs/jcs_test.go",
	Checks:  "every escaping of a string is written as RFC 8785 says and decodes to it",
	Input:   "a string, escape choices",
	Oracles: []string{"jcs.ReferenceString"},
	Seeds: []seeds.Seed{
		seeds.Of("controls", "every control character, escaped minimally", "\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f", uint64(0)),
		seeds.Of("quote-backslash-solidus", "the quote and backslash escaped, the solidus not", `"\/`, uint64(1)),
		seeds.Of("non-ascii", "non-ASCII written literally", "é€😀\uFFFF", uint64(2)),
		seeds.Of("plain", "nothing to escape", "plain", uint64(0)),
		seeds.Of("short-escapes", "short escapes everywhere", "\"\\/\b\f\n\r\t", uint64(0x5555555555555555)),
		seeds.Of("upper-hex", "controls in upper-case hex", "\x00\x1f\x7f", uint64(0xffffffffffffffff)),
		seeds.Of("pairs", "\\u escapes and surrogate pairs", "é😀\uE000", uint64(0xaaaaaaaaaaaaaaaa)),
		seeds.Of("long-run", "a long plain run past eight bytes", "\u2028 long run of plain text past eight bytes", uint64(2)),
	},
	Planted: []Variant{
		{Fault: "control escapes in upper-case hex", Impl: property.StringCodec{Append: planted.StringUpperHex, Decode: jcs.DecodeStringToken}, Efficacy: true},
		{Fault: "DEL escaped", Impl: property.StringCodec{Append: planted.StringEscapesDelete, Decode: jcs.DecodeStringToken}, Efficacy: true},
	},
}, onArgs(property.StringCodec{Append: jcs.AppendStringToken, Decode: jcs.DecodeStringToken}, property.AppendStringMatchesReference))
