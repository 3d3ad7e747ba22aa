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
// and on what generate makes of the same bytes; its document is that
// generated text, checked as a raw one and signing as the generated
// reading does.
func textTwice[I any](real I, generate func([]byte) []byte, check func(impl I, text []byte) *property.Violation) Checked[I] {
	return Checked[I]{
		Real: real,
		Check: func(impl I, in property.Input) *property.Violation {
			return rawThenGenerated(in.Bytes(0), func(text []byte) *property.Violation { return check(impl, text) },
				func(raw []byte) [][]byte { return [][]byte{generate(raw)} }, quoted)
		},
		DocumentOf: func(in property.Input) []byte { return generate(in.Bytes(0)) },
		CheckDocument: func(impl I, doc []byte) *property.Violation {
			return asGenerated(check(impl, doc), quoted(doc))
		},
	}
}

// quoted shows a generated text.
func quoted(text []byte) string { return fmt.Sprintf("%q", text) }

// oneText reads a raw text as the single argument of a target.
func oneText(text []byte) []property.Input { return []property.Input{{text}} }

// textInput is what the targets of one raw text that also read it as
// gen.GenerateText's bytes take.
const textInput = "raw bytes, as a text and as generator bytes (gen.GenerateText)"

// textDocument is the document of those targets.
const textDocument = "the JSON text gen.GenerateText makes"

// generatedText is the JSON text gen.GenerateText makes of data.
func generatedText(data []byte) []byte { return gen.GenerateText(data) }

// generatedRequest is the tools/call request gen.GenerateCall makes of
// data, written plainly.
func generatedRequest(data []byte) []byte { return gen.Write(gen.GenerateCall(data).Request(), 0) }

// generatedProvenance is the provenance object gen.GenerateFlawedProvenance
// makes of data: one to three hops of eq, in, prefix, glob and and over
// related paths, with one flaw of the schema or a limit planted, chosen by
// the first byte.
func generatedProvenance(data []byte) []byte {
	prov, _ := gen.GenerateFlawedProvenance(data)
	return prov
}

// generatedMessage is the client message gen.GenerateMessage makes of
// data.
func generatedMessage(data []byte) []byte { return gen.GenerateMessage(data).Text }

// plainValue is the document of a generated-value target: the plain
// writing of the value gen.Generate makes of its bytes.
func plainValue(in property.Input) []byte { return gen.Write(gen.Generate(in.Bytes(0)), 0) }

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
