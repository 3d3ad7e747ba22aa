//go:build ignore

// Command gen writes the admission vectors, one scenario per .vec file:
// header lines (expect, offset, profile, max-depth, max-size, comment), a
// blank line, then the payload bytes exactly. Each expected offset is
// written as the payload that precedes it. Run it through
// `go generate ./targets/admit`; it replaces every .vec file in the folder.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// scenario is one vector: the payload is before+from and a refusal is at
// len(before). An admitted scenario keeps its whole payload in before.
type scenario struct {
	name     string
	expect   string // a Kind's name, or "admitted"
	before   string
	from     string
	profile  string // "" for the default, rfc8785
	maxDepth int
	maxSize  int64
	comment  string
}

const dir = "testdata/vectors"

var scenarios = []scenario{
	// Syntax: RFC 8259 grammar.
	{name: "bom", expect: "Syntax", from: "\xEF\xBB\xBF{}", comment: "a byte order mark is not whitespace (RFC 8259 section 8.1)"},
	{name: "empty-input", expect: "Syntax", comment: "no value at all: Syntax at len(input)"},
	{name: "leading-zero", expect: "Syntax", before: "0", from: "1", comment: "a digit after a leading zero, even at the top level"},
	{name: "leading-zero-negative-in-array", expect: "Syntax", before: "[-0", from: "0]", comment: "a digit after -0"},
	{name: "nan", expect: "Syntax", from: "NaN", comment: "NaN is not JSON"},
	{name: "negative-infinity", expect: "Syntax", before: "-", from: "Infinity", comment: "Infinity is not JSON; the minus sign is"},
	{name: "plus-sign", expect: "Syntax", from: "+1", comment: "no plus sign before a number"},
	{name: "fraction-without-digits", expect: "Syntax", before: "[1.", from: "]", comment: "a point needs a digit after it"},
	{name: "exponent-at-end", expect: "Syntax", before: "1e", comment: "input ends inside an exponent"},
	{name: "array-trailing-comma", expect: "Syntax", before: "[1,", from: "]", comment: "no trailing comma in an array"},
	{name: "object-trailing-comma", expect: "Syntax", before: "{\"a\":1,", from: "}", comment: "no trailing comma in an object"},
	{name: "single-quotes", expect: "Syntax", before: "{", from: "'a':1}", comment: "names are double-quoted"},
	{name: "unterminated-string", expect: "Syntax", before: "[\"abc", comment: "input ends inside a string"},
	{name: "unterminated-object", expect: "Syntax", before: "{\"a\":1", comment: "input ends inside an object"},
	{name: "bad-escape", expect: "Syntax", before: "\"\\", from: "x\"", comment: "\\x is not an escape; reported at the escape character"},
	{name: "short-unicode-escape", expect: "Syntax", before: "\"\\u12", from: "\"", comment: "a \\u escape needs four hex digits"},
	{name: "bad-hex-in-low-half", expect: "Syntax", before: "\"\\uD800\\uDC0", from: "G\"", comment: "after a high surrogate the next \\u's hex digits are read first"},
	{name: "form-feed-whitespace", expect: "Syntax", from: "\f[]", comment: "whitespace is space, tab, LF and CR only"},
	{name: "raw-utf8-outside-string", expect: "Syntax", before: "[", from: "\xC3\xA9]", comment: "a non-ASCII byte outside a string"},
	{name: "missing-colon", expect: "Syntax", before: "{\"a\" ", from: "1}", comment: "a member needs a colon"},

	// TrailingContent.
	{name: "trailing-letter", expect: "TrailingContent", before: "{} ", from: "x", comment: "a byte after the top-level value"},
	{name: "two-numbers", expect: "TrailingContent", before: "1 ", from: "2", comment: "two top-level values"},
	{name: "nul-after-array", expect: "TrailingContent", before: "[]", from: "\x00", comment: "a NUL after the value is not whitespace"},
	{name: "hex-after-zero", expect: "TrailingContent", before: "0", from: "x1", comment: "0 is a complete number; x follows it"},

	// DuplicateMember.
	{name: "duplicate-name", expect: "DuplicateMember", before: "{\"a\":1,", from: "\"a\":2}", comment: "a repeated name (RFC 8785 section 3.1)"},
	{name: "duplicate-escaped-name", expect: "DuplicateMember", before: "{\"a\":1,", from: "\"\\u0061\":2}", comment: "names compare decoded: \\u0061 is a"},
	{name: "duplicate-pair-and-literal", expect: "DuplicateMember", before: "{\"\\ud83d\\ude00\":1,", from: "\"\xF0\x9F\x98\x80\":2}", comment: "a surrogate-pair escape and its UTF-8 form are one name"},
	{name: "duplicate-in-inner-object", expect: "DuplicateMember", before: "{\"x\":{\"a\":1,", from: "\"a\":2}}", comment: "duplicates are judged per object"},
	{name: "duplicate-before-colon", expect: "DuplicateMember", before: "{\"a\":1,", from: "\"a\"", comment: "judged at the repeat's closing quote, before the input ends"},
	{name: "same-name-sibling-objects", expect: "admitted", before: "[{\"a\":1},{\"a\":2}]", comment: "one name in two objects is no duplicate"},

	// TooDeep.
	{name: "depth-128-admitted", expect: "admitted", before: strings.Repeat("[", 128) + strings.Repeat("]", 128), comment: "the default cap admits 128 open containers"},
	{name: "depth-129-refused", expect: "TooDeep", before: strings.Repeat("[", 128), from: strings.Repeat("[", 1) + strings.Repeat("]", 129), comment: "the 129th bracket opens a level past the default cap"},
	{name: "depth-objects-129", expect: "TooDeep", before: strings.Repeat("{\"a\":", 128), from: "{}" + strings.Repeat("}", 128), comment: "objects count like arrays"},
	{name: "depth-512-admitted", expect: "admitted", maxDepth: 512, before: strings.Repeat("[", 512) + strings.Repeat("]", 512), comment: "the highest cap, exactly reached"},
	{name: "depth-513-refused", expect: "TooDeep", maxDepth: 512, before: strings.Repeat("[", 512), from: "[" + strings.Repeat("]", 513), comment: "one past the highest cap"},
	{name: "depth-cap-1-sibling", expect: "TooDeep", maxDepth: 1, before: "[1,", from: "[]]", comment: "a closed container does not count; an open one does"},

	// StringNotScalar.
	{name: "raw-control-byte", expect: "StringNotScalar", before: "\"a", from: "\x01\"", comment: "a raw byte below 0x20 in a string"},
	{name: "overlong-c0-af", expect: "StringNotScalar", before: "\"", from: "\xC0\xAF\"", comment: "a two-byte overlong '/'"},
	{name: "overlong-e0-80-af", expect: "StringNotScalar", before: "\"", from: "\xE0\x80\xAF\"", comment: "a three-byte overlong '/'"},
	{name: "utf8-surrogate", expect: "StringNotScalar", before: "\"", from: "\xED\xA0\x80\"", comment: "U+D800 encoded directly in UTF-8"},
	{name: "above-max-scalar", expect: "StringNotScalar", before: "\"", from: "\xF4\x90\x80\x80\"", comment: "F4 90 80 80 would be U+110000"},
	{name: "truncated-sequence", expect: "StringNotScalar", before: "\"", from: "\xE2\x82\"", comment: "a three-byte sequence cut after two bytes"},
	{name: "stray-continuation", expect: "StringNotScalar", before: "\"a", from: "\x80\"", comment: "a continuation byte with no lead byte"},
	{name: "lone-high-surrogate-escape", expect: "StringNotScalar", before: "\"", from: "\\uD800\"", comment: "at the backslash of the unpaired escape"},
	{name: "lone-low-surrogate-escape", expect: "StringNotScalar", before: "\"x", from: "\\uDC00\"", comment: "a low surrogate escape on its own"},
	{name: "mispaired-surrogates", expect: "StringNotScalar", before: "\"", from: "\\uD800\\u0041\"", comment: "a high surrogate followed by a non-surrogate escape"},
	{name: "reversed-surrogates", expect: "StringNotScalar", before: "\"", from: "\\uDC00\\uD800\"", comment: "low then high is not a pair"},
	{name: "surrogate-pair-admitted", expect: "admitted", before: "\"\\uD83D\\uDE00\"", comment: "a proper pair is U+1F600"},

	// NumberNotFinite.
	{name: "overflow-positive", expect: "NumberNotFinite", from: "1e400", comment: "no finite double"},
	{name: "overflow-negative-in-array", expect: "NumberNotFinite", before: "[", from: "-1e400]", comment: "reported at the sign"},
	{name: "overflow-huge-exponent", expect: "NumberNotFinite", from: "1e999999999999999999999", comment: "an exponent too large for any integer type"},
	{name: "underflow-admitted", expect: "admitted", before: "1e-400", comment: "underflow to zero is finite"},
	{name: "overflow-wins-over-unsafe", expect: "NumberNotFinite", profile: "ijson", from: "1e400", comment: "non-finiteness wins over unsafeness"},

	// UnsafeInteger.
	{name: "unsafe-two-to-the-53", expect: "UnsafeInteger", profile: "ijson", from: "9007199254740992", comment: "2^53 (RFC 7493 section 2.2)"},
	{name: "unsafe-exponent-notation", expect: "UnsafeInteger", profile: "ijson", before: "[", from: "9.007199254740992e15]", comment: "2^53 in exponent notation"},
	{name: "unsafe-negative-exponent", expect: "UnsafeInteger", profile: "ijson", before: "{\"n\":", from: "90071992547409920e-1}", comment: "an integer however it is written"},
	{name: "unsafe-ten-to-the-16", expect: "UnsafeInteger", profile: "ijson", from: "-1e16", comment: "magnitude, not sign"},
	{name: "safe-max-integer", expect: "admitted", profile: "ijson", before: "9007199254740991", comment: "2^53-1 is safe"},
	{name: "unsafe-non-integer-above", expect: "UnsafeInteger", profile: "ijson", before: "", from: "9007199254740993.5", comment: "above 2^53 and not an integer: its double is the integer 9007199254740994"},
	{name: "unsafe-rounds-up-to-two-to-the-53", expect: "UnsafeInteger", profile: "ijson", before: "", from: "9007199254740991.9", comment: "below 2^53, but its double is 2^53, which its canonical form writes"},
	{name: "safe-fraction-rounds-down", expect: "admitted", profile: "ijson", before: "9007199254740991.4", comment: "below 2^53 and its double too"},
	{name: "unsafe-admitted-by-default", expect: "admitted", before: "9007199254740993", comment: "the RFC 8785 profile admits every finite number"},

	// Noncharacter.
	{name: "noncharacter-escaped-fffe", expect: "Noncharacter", profile: "ijson", before: "\"", from: "\\uFFFE\"", comment: "U+FFFE, escaped"},
	{name: "noncharacter-literal-fdd0", expect: "Noncharacter", profile: "ijson", before: "\"a", from: "\xEF\xB7\x90\"", comment: "U+FDD0 in UTF-8"},
	{name: "noncharacter-pair-10ffff", expect: "Noncharacter", profile: "ijson", before: "\"", from: "\\uDBFF\\uDFFF\"", comment: "U+10FFFF, at the high surrogate's backslash"},
	{name: "noncharacter-in-name", expect: "Noncharacter", profile: "ijson", before: "{\"", from: "\\uFDEF\":1}", comment: "names are strings too"},
	{name: "noncharacter-admitted-by-default", expect: "admitted", before: "\"\\uFFFF\xEF\xB7\x90\"", comment: "the RFC 8785 profile admits noncharacters"},

	// TooLarge.
	{name: "size-cap-reached", expect: "admitted", maxSize: 5, before: "[1,2]", comment: "exactly max-size bytes"},
	{name: "size-cap-one-past", expect: "TooLarge", maxSize: 5, before: "[1,2]", from: " ", comment: "one byte past max-size, at offset max-size"},
	{name: "size-cap-before-syntax", expect: "TooLarge", maxSize: 2, before: "xy", from: "z", comment: "the size cap is checked before anything is read"},

	// Admitted.
	{name: "top-level-scalar", expect: "admitted", before: " \"a\" ", comment: "RFC 8259 allows any value at the top level"},
	{name: "every-escape", expect: "admitted", before: "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\"", comment: "all nine escapes"},
}

func (s scenario) file() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "expect: %s\n", s.expect)
	if s.expect != "admitted" {
		fmt.Fprintf(&b, "offset: %d\n", len(s.before))
	}
	if s.profile != "" {
		fmt.Fprintf(&b, "profile: %s\n", s.profile)
	}
	if s.maxDepth != 0 {
		fmt.Fprintf(&b, "max-depth: %d\n", s.maxDepth)
	}
	if s.maxSize != 0 {
		fmt.Fprintf(&b, "max-size: %d\n", s.maxSize)
	}
	fmt.Fprintf(&b, "comment: %s\n\n%s%s", s.comment, s.before, s.from)
	return b.Bytes()
}

func main() {
	old, err := filepath.Glob(filepath.Join(dir, "*.vec"))
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range old {
		if err := os.Remove(p); err != nil {
			log.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for _, s := range scenarios {
		if seen[s.name] || s.comment == "" || strings.ContainsRune(s.comment, '\n') {
			log.Fatalf("scenario %q: repeated, or without a one-line comment", s.name)
		}
		seen[s.name] = true
		if err := os.WriteFile(filepath.Join(dir, s.name+".vec"), s.file(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("wrote %d vectors to %s\n", len(scenarios), dir)
}
