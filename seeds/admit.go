package seeds

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// admitInputs are the admission scanner's seeds: the incumbent table of the
// jcs-admit design (what a value-level canonicalizer does with each hostile
// document), one input per refusal kind, and the edges of each rule.
func admitInputs() []Seed {
	return []Seed{
		bytesSeed("incumbent-duplicate", "incumbent table: a repeated member; the delegate kept the last or the first depending on its entry point", `{"a":1,"a":2}`),
		bytesSeed("incumbent-duplicate-escaped", "a repeat spelled with an escape: names compare decoded", `{"a":1,"\u0061":2}`),
		bytesSeed("incumbent-129-nested", "incumbent table: 129 nested arrays, one past the default depth cap", strings.Repeat("[", 129)+strings.Repeat("]", 129)),
		bytesSeed("depth-128", "exactly the default depth cap: admitted", strings.Repeat("[", 128)+strings.Repeat("]", 128)),
		bytesSeed("incumbent-2^53+1", "incumbent table: 9007199254740993, which a double-based delegate rewrites to 2^53 without error", `[9007199254740993]`),
		bytesSeed("2^53-notations", "2^53 spelled in other notations: unsafe under I-JSON whatever the notation", `[9007199254740992,9.007199254740992e15,90071992547409920e-1,1e16]`),
		bytesSeed("incumbent-utf8-surrogate", "incumbent table: ED A0 80, a surrogate encoded in UTF-8, which a &str API cannot even be offered", "[\"\xed\xa0\x80\"]"),
		bytesSeed("lone-high-surrogate", "an unpaired high surrogate escape", `["\ud800"]`),
		bytesSeed("lone-low-surrogate", "an unpaired low surrogate escape", `["\udc00"]`),
		bytesSeed("fffd-literal", "a literal U+FFFD: admitted, and distinct from the two above once U+FFFD substitution is refused", "[\"\xef\xbf\xbd\"]"),
		bytesSeed("surrogate-pair", "a well-formed surrogate pair escape: admitted", `["\ud83d\ude00"]`),
		bytesSeed("overlong", "an overlong two-byte form of '/'", "[\"\xc0\xaf\"]"),
		bytesSeed("above-max-scalar", "F4 90 80 80, above U+10FFFF", "[\"\xf4\x90\x80\x80\"]"),
		bytesSeed("raw-control", "a raw control character in a string", "[\"a\x01b\"]"),
		bytesSeed("not-finite", "a number with no finite double", `[-1e400]`),
		bytesSeed("underflow", "underflow to zero is finite: admitted", `[1e-400]`),
		bytesSeed("max-double-halfway", "the halfway point between the largest double and 2^1024 rounds to infinity", `179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792`),
		bytesSeed("noncharacter", "U+FDD0 escaped and U+FFFE literal: refused under I-JSON only", "[\"\\uFDD0\",\"\xef\xbf\xbe\"]"),
		bytesSeed("bom", "a byte order mark before the value", "\xef\xbb\xbf{}"),
		bytesSeed("trailing-content", "a second value after the first", `{} x`),
		bytesSeed("leading-zero", "a leading zero, at the top level", `01`),
		bytesSeed("trailing-comma", "a trailing comma in an object", `{"a":1,}`),
		bytesSeed("top-level-scalar", "a top-level string: RFC 8785 canonicalizes any value", `"top"`),
		bytesSeed("empty", "the empty input", ``),
	}
}

// generatedTexts are n texts from a fixed seed: writings of values
// gen.Generate makes of random bytes, hostile writings of them (each with
// one flaw admission refuses), and arrays of numbers spelt every way
// gen.Spell knows. They stand in for the inputs a fuzzer holds early on.
func generatedTexts(n int) []Seed {
	r := rand.New(rand.NewPCG(1, 2))
	var out []Seed
	for i := range n {
		data := make([]byte, r.IntN(64))
		for k := range data {
			data[k] = byte(r.Uint32())
		}
		v := gen.Generate(data)
		var text []byte
		comment := "a writing of a generated value"
		switch i % 4 {
		case 0:
			text = gen.Write(v, r.Uint64()|1)
		case 1:
			var flaw gen.Flaw
			text, flaw = gen.Hostile(v, r.Uint64())
			comment = fmt.Sprintf("a generated value written with one flaw (%v)", flaw)
		case 2:
			text = gen.Fragments(r)
			comment = "JSON fragments at the edges of the admission rules"
		default:
			f := math.Float64frombits(r.Uint64())
			if math.IsNaN(f) || math.IsInf(f, 0) {
				f = float64(r.Int64()) / 1e5
			}
			text = []byte("[" + gen.Spell(f, r) + "]")
			comment = "a double spelt one of the ways JSON allows"
		}
		out = append(out, Seed{Name: fmt.Sprintf("generated-%d", i), Comment: comment, Values: []any{text}})
	}
	return out
}

func admitTargets() []Target {
	vectors := payloads("targets/admit/testdata/vectors", "the admission vectors", "", false, asBytes)
	return []Target{
		{Name: "FuzzScanMatchesReference", Seeds: append(append(admitInputs(), rfcSamples()...), generatedTexts(300)...), Sources: []Source{vectors}},
		{Name: "FuzzReferenceMatchesJSONText", Seeds: append(admitInputs(), generatedTexts(300)...), Sources: []Source{vectors}},
	}
}
