package spec

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// The targets whose input is raw (a text, a string, a number's bits) read
// the same bytes a second time as generator bytes and hold the property on
// what the generator makes of them too, so that one execution tests both:
// the raw input, where the byte-level faults are, and a structured one with
// the constructs a byte mutator does not write from an empty corpus
// (duplicate names, names on both sides of the UTF-16 divide, astral names,
// noncharacters, numbers at the edges of Number::toString and past 2^53,
// %25 escapes, chains of hops).
//
// A failure of the generated reading has the property's class after
// "generated:" (ScanMatchesReference:generated:rfc8785:kind:...), so that
// the minimizer, which keeps the signature, never trades a raw failure for
// bytes that are no text of the area but generate one that fails, nor the
// other way round; the document form of such a target is the generated
// input, which signs as the generator bytes did (asGenerated), so the
// vector a person reads is the text, call, provenance object or message.

// generatedPrefix begins the class of a failure of the generated reading.
const generatedPrefix = "generated:"

// ReadingEnv set to "raw" in a planted build turns the generated reading
// off: every target reads its bytes only as they are, as before the reading
// was added, for the efficacy benchmark's no-generated configuration
// (canonfuzz efficacy --config no-generated, docs/EFFICACY.md).
const ReadingEnv = "CANONFUZZ_READING"

// rawOnly is whether the generated reading is off (ReadRawOnly).
var rawOnly bool

// ReadRawOnly turns the generated reading off for the rest of the process.
// Only the planted builds call it, on ReadingEnv=raw, before any target
// runs: fuzz/native's and fuzz/gofuzz's init and the efficacy command.
func ReadRawOnly() { rawOnly = true }

// rawThenGenerated holds check on the raw arguments and then on each
// reading generate makes of the same bytes as generator bytes, the first
// failure of which signs as generated:CLASS with the generated input
// written as show says. It is the one way a spec file writes "the raw
// input, and what the generator makes of it".
func rawThenGenerated[T any](raw T, check func(T) *property.Violation, generate func(T) []T, show func(T) string) *property.Violation {
	if v := check(raw); v != nil {
		return v
	}
	if rawOnly {
		return nil
	}
	for _, g := range generate(raw) {
		if v := check(g); v != nil {
			return asGenerated(v, show(g))
		}
	}
	return nil
}

// asGenerated marks v, if any, as a failure of the generated reading,
// whose input the detail shows.
func asGenerated(v *property.Violation, shown string) *property.Violation {
	if v == nil {
		return nil
	}
	v.Class = generatedPrefix + v.Class
	v.Detail = "generated " + shown + ": " + v.Detail
	return v
}

// textTwice is a Checked of a target of one raw text (a JSON text, a
// request, a provenance object, a message) that holds check on the text
// and on what g makes of the same bytes; its document is that generated
// text, checked as a raw one and signing as the generated reading does.
// The target's Text is oneText and its Document g's.
func textTwice[I any](real I, g generator, check func(impl I, text []byte) *property.Violation) Checked[I] {
	return Checked[I]{
		Real: real,
		Check: func(impl I, in property.Input) *property.Violation {
			return rawThenGenerated(in.Bytes(0), func(text []byte) *property.Violation { return check(impl, text) },
				func(raw []byte) [][]byte { return [][]byte{g.of(raw)} }, quoted)
		},
		text: oneText,
	}.withDocument(g, func(impl I, doc []byte) *property.Violation {
		return asGenerated(check(impl, doc), quoted(doc))
	})
}

// quoted shows a generated text.
func quoted(text []byte) string { return fmt.Sprintf("%q", text) }

// oneText reads a raw text as the single argument of a target.
func oneText(text []byte) []property.Input { return []property.Input{{text}} }

// textInput is what the targets of one raw text that also read it as
// gen.GenerateText's bytes take.
const textInput = "raw bytes, as a text and as generator bytes (gen.GenerateText)"

// generator is what a target's generator makes of its bytes, read as
// generator bytes, and what that document is, for people: the target's
// Document.
type generator struct {
	document string
	of       func(data []byte) []byte
}

// The generators of the targets with a document form.
var (
	generatedText = generator{"the JSON text gen.GenerateText makes", gen.GenerateText}
	// generatedRequest writes gen.GenerateCall's request plainly.
	generatedRequest = generator{"the tools/call request gen.GenerateCall makes, written plainly",
		func(data []byte) []byte { return gen.Write(gen.GenerateCall(data).Request(), 0) }}
	// generatedFlawedRequest is a tools/call with one flaw, chosen by the
	// first byte.
	generatedFlawedRequest = generator{"the flawed tools/call request gen.GenerateFlawedRequest makes",
		func(data []byte) []byte { req, _ := gen.GenerateFlawedRequest(data); return req }}
	// generatedProvenance is one to three hops of eq, in, prefix, glob and
	// and over related paths, with one flaw of the schema or a limit
	// planted, chosen by the first byte.
	generatedProvenance = generator{"the provenance object gen.GenerateFlawedProvenance makes",
		func(data []byte) []byte { prov, _ := gen.GenerateFlawedProvenance(data); return prov }}
	generatedMessage = generator{"the message gen.GenerateMessage makes",
		func(data []byte) []byte { return gen.GenerateMessage(data).Text }}
	// generatedValue is the plain writing of the value gen.Generate makes.
	generatedValue = generator{"the JSON value gen.Generate makes, written plainly",
		func(data []byte) []byte { return gen.Write(gen.Generate(data), 0) }}
)

// littleEndian is the generator bytes of fixed-size arguments: each
// value's eight bytes, least significant first, so that the small values
// Go's engine steps a number through from zero (it adds or subtracts at
// most 100) vary the first choices a generator reads.
func littleEndian(values ...uint64) []byte {
	out := make([]byte, 0, 8*len(values))
	for _, v := range values {
		out = binary.LittleEndian.AppendUint64(out, v)
	}
	return out
}

// doubleTwice holds check on a double's bits and then on the bits of the
// double gen.Double makes of them as generator bytes.
func doubleTwice(bits uint64, check func(bits uint64) *property.Violation) *property.Violation {
	return rawThenGenerated(bits, check,
		func(b uint64) []uint64 { return []uint64{math.Float64bits(gen.Double(littleEndian(b)))} },
		func(b uint64) string { return fmt.Sprintf("double %v", math.Float64frombits(b)) })
}
