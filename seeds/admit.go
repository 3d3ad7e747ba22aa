package seeds

import "strings"

// AdmitInputs are the admission scanner's seeds: the incumbent table of the
// jcs-admit design (what a value-level canonicalizer does with each hostile
// document), one input per refusal kind, and the edges of each rule.
func AdmitInputs() []Seed {
	return []Seed{
		Text("incumbent-duplicate", "incumbent table: a repeated member; the delegate kept the last or the first depending on its entry point", `{"a":1,"a":2}`),
		Text("incumbent-duplicate-escaped", "a repeat spelled with an escape: names compare decoded", `{"a":1,"\u0061":2}`),
		Text("incumbent-129-nested", "incumbent table: 129 nested arrays, one past the default depth cap", strings.Repeat("[", 129)+strings.Repeat("]", 129)),
		Text("depth-128", "exactly the default depth cap: admitted", strings.Repeat("[", 128)+strings.Repeat("]", 128)),
		Text("incumbent-2^53+1", "incumbent table: 9007199254740993, which a double-based delegate rewrites to 2^53 without error", `[9007199254740993]`),
		Text("2^53-notations", "2^53 spelled in other notations: unsafe under I-JSON whatever the notation", `[9007199254740992,9.007199254740992e15,90071992547409920e-1,1e16]`),
		Text("incumbent-utf8-surrogate", "incumbent table: ED A0 80, a surrogate encoded in UTF-8, which a &str API cannot even be offered", "[\"\xed\xa0\x80\"]"),
		Text("lone-high-surrogate", "an unpaired high surrogate escape", `["\ud800"]`),
		Text("lone-low-surrogate", "an unpaired low surrogate escape", `["\udc00"]`),
		Text("fffd-literal", "a literal U+FFFD: admitted, and distinct from the two above once U+FFFD substitution is refused", "[\"\xef\xbf\xbd\"]"),
		Text("surrogate-pair", "a well-formed surrogate pair escape: admitted", `["\ud83d\ude00"]`),
		Text("overlong", "an overlong two-byte form of '/'", "[\"\xc0\xaf\"]"),
		Text("above-max-scalar", "F4 90 80 80, above U+10FFFF", "[\"\xf4\x90\x80\x80\"]"),
		Text("raw-control", "a raw control character in a string", "[\"a\x01b\"]"),
		Text("not-finite", "a number with no finite double", `[-1e400]`),
		Text("underflow", "underflow to zero is finite: admitted", `[1e-400]`),
		Text("max-double-halfway", "the halfway point between the largest double and 2^1024 rounds to infinity", `179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792`),
		Text("noncharacter", "U+FDD0 escaped and U+FFFE literal: refused under I-JSON only", "[\"\\uFDD0\",\"\xef\xbf\xbe\"]"),
		Text("bom", "a byte order mark before the value", "\xef\xbb\xbf{}"),
		Text("trailing-content", "a second value after the first", `{} x`),
		Text("leading-zero", "a leading zero, at the top level", `01`),
		Text("trailing-comma", "a trailing comma in an object", `{"a":1,}`),
		Text("top-level-scalar", "a top-level string: RFC 8785 canonicalizes any value", `"top"`),
		Text("empty", "the empty input", ``),
	}
}
